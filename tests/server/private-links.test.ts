import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicClient, type Client } from "../support/client";
import { TestMailbox, type ReceivedEmail } from "../support/mailbox";
import { acceptAsShown } from "../support/quote-answers";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { startTestServer, type TestServer } from "../support/server";

/**
 * A customer's quote link, a newsletter confirmation link and an unsubscribe link each act for
 * their person, so none is written to the server's log: every request to them is logged with
 * its key masked (`/quote/[token]`), however the address is spelt and whatever the answer.
 * Read from the real built server's own output.
 */

const APP_URL = "https://clearline.example.co.uk";
const SUPPRESSION_KEY = "a-test-suppression-key-of-at-least-32-characters";
const CONFIRM_LINK = /https:\/\/clearline\.example\.co\.uk(\/newsletter\/confirm\/([\w-]+))/;
const UNSUBSCRIBE_LINK = /https:\/\/clearline\.example\.co\.uk(\/unsubscribe\/([\w.-]+))/;

let server: TestServer;
let mailbox: TestMailbox;
let visitor: Client;

beforeAll(async () => {
  mailbox = await TestMailbox.start();
  server = await startTestServer({ SMTP_URL: mailbox.url, APP_URL, SUPPRESSION_KEY });
  visitor = publicClient(server);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

interface RequestLine {
  event?: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
}

const requestLines = (): RequestLine[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.event === "request");

/** The log lines of these answers, once each has been written (a line is written as its answer finishes). */
async function loggedLinesOf(answers: Response[]): Promise<RequestLine[]> {
  const ids = answers.map((answer) => answer.headers.get("x-request-id")!);
  await expect.poll(() => ids.filter((id) => !requestLines().some((line) => line.requestId === id))).toEqual([]);
  return ids.map((id) => requestLines().find((line) => line.requestId === id)!);
}

/** Each answer read to its end, as a browser would (its log line is written once it has gone). */
async function visited(...pending: Promise<Response>[]): Promise<Response[]> {
  const answers = await Promise.all(pending);
  await Promise.all(answers.map((answer) => answer.arrayBuffer()));
  return answers;
}

async function newsletterEmail(email: string): Promise<ReceivedEmail> {
  await expect.poll(() => mailbox.to(email).length).toBeGreaterThan(0);
  return mailbox.to(email).at(-1)!;
}

describe("the request log", () => {
  it("never holds a quote link's key: the page, its data, HEAD, the PDF, an answer, other spellings and a wrong key are logged as /quote/[token]", async () => {
    const lead = await seedQuoteLead(server.db, { businessName: "Patel Plumbing" });
    const quoteId = await seedQuote(server.db, { leadId: lead.id, status: "sent" });
    const { token } = await server.db.selectFrom("quotes").select("token").where("id", "=", quoteId).executeTakeFirstOrThrow();
    const path = `/quote/${token}`;
    const wrongKey = `/quote/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;

    // Visited one after another: the first view and two repeat views.
    const views = [];
    for (let view = 0; view < 3; view++) views.push(...(await visited(visitor.get(path))));
    expect(views.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const accepted = await acceptAsShown(visitor, path, { fullName: "Sam Patel", role: "Director" });
    expect(accepted.status).toBe(302);
    const others = await visited(
      visitor.get(`${path}?_data=${encodeURIComponent("routes/quote.$token")}`),
      visitor.request("HEAD", path),
      visitor.get(`${path}.pdf`),
      visitor.get(`/QUOTE/${token}`),
      visitor.get(`${path}/`),
      visitor.get(`/quote/%${token.charCodeAt(0).toString(16)}${token.slice(1)}`),
      visitor.get(`/quote%2F${token}`),
      visitor.get(wrongKey),
      visitor.get(`${wrongKey}.pdf`),
    );
    expect(others.map((answer) => answer.status)).toEqual([200, 200, 200, 301, 301, 301, 404, 404, 404]);

    const lines = await loggedLinesOf([...views, accepted, ...others]);
    expect(lines.map((line) => `${line.method} ${line.path} ${line.status}`)).toEqual([
      "GET /quote/[token] 200",
      "GET /quote/[token] 200",
      "GET /quote/[token] 200",
      "POST /quote/[token] 302",
      "GET /quote/[token] 200",
      "HEAD /quote/[token] 200",
      "GET /quote/[token].pdf 200",
      "GET /quote/[token] 301",
      "GET /quote/[token] 301",
      "GET /quote/[token] 301",
      "GET /quote/[token] 404",
      "GET /quote/[token] 404",
      "GET /quote/[token].pdf 404",
    ]);
    const output = server.output();
    for (const key of [token, token.slice(1), wrongKey.split("/").at(-1)!]) expect(output).not.toContain(key);
  });

  it("never holds a newsletter confirmation's or an unsubscribe link's key: opened, pressed, one-click, logged as [token]", async () => {
    const email = "private-links@example.co.uk";
    expect((await visitor.postForm("/about", { firstName: "Nia", lastName: "Jones", email })).status).toBe(302);
    const message = await newsletterEmail(email);
    const [, confirmPath, confirmKey] = CONFIRM_LINK.exec(message.text)!;
    const [, unsubscribePath, unsubscribeKey] = UNSUBSCRIBE_LINK.exec(message.text)!;

    const answers = await visited(visitor.get(confirmPath!), visitor.get(unsubscribePath!), visitor.get(confirmPath!.toUpperCase()));
    answers.push(...(await visited(visitor.postForm(confirmPath!, {}))));
    answers.push(...(await visited(visitor.postForm(unsubscribePath!, { "List-Unsubscribe": "One-Click" }))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 301, 200, 200]);

    const lines = await loggedLinesOf(answers);
    expect(lines.map((line) => `${line.method} ${line.path} ${line.status}`)).toEqual([
      "GET /newsletter/confirm/[token] 200",
      "GET /unsubscribe/[token] 200",
      "GET /newsletter/confirm/[token] 301",
      "POST /newsletter/confirm/[token] 200",
      "POST /unsubscribe/[token] 200",
    ]);
    const output = server.output();
    for (const key of [confirmKey!, unsubscribeKey!, unsubscribeKey!.split(".")[1]!, confirmKey!.toUpperCase()]) expect(output).not.toContain(key);
  });

  it("still logs every other path as it was asked for", async () => {
    const answers = await visited(visitor.get("/about"), visitor.get("/quotes-and-more"), visitor.get("/contact/quote/abc"));
    expect((await loggedLinesOf(answers)).map((line) => line.path)).toEqual(["/about", "/quotes-and-more", "/contact/quote/abc"]);
  });
});
