import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { MAX_WAITING, QUOTE_PDF_RETRY_AFTER_SECONDS } from "~/features/quotes/quote-pdf-keep.server";
import { publicClient } from "../support/client";
import { metricValue, metricsPort } from "../support/metrics";
import { readPdf } from "../support/pdf-text";
import { plainQuoteLine } from "../support/quote-documents";
import { seedQuote, seedQuoteLead } from "../support/seeded-quotes";
import { startTestServer, type TestServer } from "../support/server";

/**
 * A quote's PDF (/quote/{token}.pdf) is drawn once per state of the quote and kept, a HEAD draws
 * nothing, and drawing is bounded (one at a time, MAX_WAITING in line, then 503). Drawings are
 * counted by the server's metrics; a test that needs a drawing to stay under way holds it inside
 * the server (tests/support/hold-quote-pdfs.js), so nothing here depends on how long drawing takes.
 */

const HOLD_HOOK = fileURLToPathOf("../support/hold-quote-pdfs.js");

function fileURLToPathOf(relative: string): string {
  return new URL(relative, import.meta.url).pathname;
}

let server: TestServer;
let metrics: number;
let holdDir: string;
const release = () => fs.writeFileSync(path.join(holdDir, "release"), "");
const hold = () => fs.rmSync(path.join(holdDir, "release"), { force: true });
const held = () => fs.readdirSync(holdDir).filter((name) => name.startsWith("held-")).length;

beforeAll(async () => {
  holdDir = fs.mkdtempSync(path.join(os.tmpdir(), "quote-pdf-hold-"));
  release();
  const { port, env } = await metricsPort();
  metrics = port;
  server = await startTestServer({ ...env, QUOTE_PDF_HOLD_DIR: holdDir }, { imports: [HOLD_HOOK] });
});

afterAll(async () => {
  await server?.stop();
  if (holdDir) fs.rmSync(holdDir, { recursive: true, force: true });
});

let quotes = 0;

/** A sent quote of a few lines for a lead of its own: its id, lead and the customer's PDF link. */
async function sentQuote() {
  quotes += 1;
  const lead = await seedQuoteLead(server.db, { businessName: `Harbour Bakery ${quotes} Ltd` });
  const lines = Array.from({ length: 5 }, (_, index) => plainQuoteLine({ description: `Line ${index + 1} of quote ${quotes}` }));
  const id = await seedQuote(server.db, { leadId: lead.id, status: "sent", lines });
  const { token } = await server.db.selectFrom("quotes").select("token").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, lead, pdf: `/quote/${token}.pdf` };
}

const drawings = () => metricValue(metrics, "quote_pdf_drawings_total");
const download = (link: string) => publicClient(server).get(link);
const textOf = async (bytes: Uint8Array) => (await readPdf(bytes)).flatMap((page) => page.lines);

describe("a quote's PDF, drawn once per state", () => {
  it("answers a second download from memory with the same document", async () => {
    const quote = await sentQuote();
    const before = await drawings();
    const first = await download(quote.pdf);
    expect(first.status).toBe(200);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    expect(await drawings()).toBe(before + 1);

    const again = await download(quote.pdf);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("application/pdf");
    expect(again.headers.get("cache-control")).toBe("no-store");
    const againBytes = new Uint8Array(await again.arrayBuffer());
    expect(await drawings()).toBe(before + 1);
    expect(Number(again.headers.get("content-length"))).toBe(againBytes.byteLength);
    const text = await textOf(againBytes);
    expect(text).toEqual(await textOf(firstBytes));
    expect(text.join("\n")).toContain(`Harbour Bakery ${quotes} Ltd`);
    expect(text.join("\n")).toContain(`${quote.lead.reference}-Q1`);
  });

  it("draws it again once the quote's state changed, showing the change", async () => {
    const quote = await sentQuote();
    expect((await download(quote.pdf)).status).toBe(200);
    const before = await drawings();
    // The customer's business name corrected, touching the lead's last change as every change of a lead does.
    await server.db
      .updateTable("leads")
      .set({ businessName: "Harbour Bakery & Café Ltd", updatedAt: new Date().toISOString() })
      .where("id", "=", quote.lead.id)
      .execute();
    const changed = await download(quote.pdf);
    expect(changed.status).toBe(200);
    expect((await textOf(new Uint8Array(await changed.arrayBuffer()))).join("\n")).toContain("Harbour Bakery & Café Ltd");
    expect(await drawings()).toBe(before + 1);
  });

  it("answers HEAD with the PDF's headers and no body, without drawing it", async () => {
    const quote = await sentQuote();
    const before = await drawings();
    const head = await publicClient(server).request("HEAD", quote.pdf);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/pdf");
    expect(head.headers.get("content-disposition")).toBe(`attachment; filename="${quote.lead.reference}-Q1.pdf"`);
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(head.headers.get("x-robots-tag")).toBe("noindex");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(await drawings()).toBe(before);

    // Once drawn, HEAD gives its length too, still drawing nothing.
    const bytes = (await (await download(quote.pdf)).arrayBuffer()).byteLength;
    const kept = await publicClient(server).request("HEAD", quote.pdf);
    expect(kept.status).toBe(200);
    expect(Number(kept.headers.get("content-length"))).toBe(bytes);
    expect(await drawings()).toBe(before + 1);
  });

  it("answers a token that is no sent quote's with the same 404, to HEAD as to GET", async () => {
    const statuses = await Promise.all(
      ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-token"].flatMap((token) => [
        download(`/quote/${token}.pdf`),
        publicClient(server).request("HEAD", `/quote/${token}.pdf`),
      ]),
    );
    expect(statuses.map((response) => response.status)).toEqual([404, 404, 404, 404]);
  });
});

describe("drawing many at once", () => {
  it("draws once for downloads of one quote that arrive while it is being drawn", async () => {
    onTestFinished(release);
    const quote = await sentQuote();
    const before = await drawings();
    hold();
    const first = download(quote.pdf);
    await expect.poll(held).toBe(1);
    const others = [download(quote.pdf), download(quote.pdf), download(quote.pdf)];
    release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const lengths = await Promise.all(answers.map(async (answer) => (await answer.arrayBuffer()).byteLength));
    expect(new Set(lengths).size).toBe(1);
    expect(await drawings()).toBe(before + 1);
  });

  it(`draws one at a time with ${MAX_WAITING} waiting, and refuses more with 503 and Retry-After until there is room`, async () => {
    onTestFinished(release);
    const all = [];
    for (let index = 0; index < MAX_WAITING + 2; index++) all.push(await sentQuote());
    const [drawn, ...rest] = all;
    const heldBefore = held();
    const refusedBefore = await metricValue(metrics, "quote_pdf_busy_total");
    hold();
    // The first takes the one drawing turn and stays in it (held inside the server).
    const first = download(drawn!.pdf);
    await expect.poll(held).toBe(heldBefore + 1);
    // The others, all at once: MAX_WAITING wait in line, the last to arrive finds it full. Were a
    // second drawing to start instead, it would be held too: that ends the wait as well.
    const others = rest.map((quote) => download(quote.pdf));
    let looking = true;
    const secondDrawing = (async () => {
      while (looking && held() === heldBefore + 1) await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    })();
    const refused = await Promise.race([...others, secondDrawing]).finally(() => (looking = false));
    expect(refused, "a second drawing started while the first was under way").not.toBeNull();
    expect(refused!.status).toBe(503);
    expect(Number(refused!.headers.get("retry-after"))).toBe(QUOTE_PDF_RETRY_AFTER_SECONDS);
    expect(refused!.headers.get("cache-control")).toBe("no-store");
    expect(await refused!.text()).toMatch(/busy/i);
    expect(await metricValue(metrics, "quote_pdf_busy_total")).toBe(refusedBefore + 1);

    release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(MAX_WAITING + 1).fill(200), 503]);
    for (const answer of answers) if (answer !== refused) expect((await textOf(new Uint8Array(await answer.arrayBuffer()))).length).toBeGreaterThan(0);
    // Asked again, the refused one is drawn.
    const refusedQuote = rest[others.findIndex((_, index) => answers[index + 1] === refused)]!;
    expect((await download(refusedQuote.pdf)).status).toBe(200);
  });
});
