import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient, type StaffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { addTariffs, tariffInput } from "../support/tariffs";

/**
 * The Tariffs screen's CSV upload: bounded like the image upload, and a refusal says why and writes nothing. Withdrawing a live tariff asks first, on a page
 * of its own, and only a live one is withdrawn there.
 */

let server: TestServer;
let admin: StaffClient;

beforeAll(async () => {
  server = await startTestServer(TEST_OWNER_ENV);
  admin = await staffClient(server, "admin");
});
afterAll(async () => {
  await server?.stop();
});

const tariffCount = async () => (await server.db.selectFrom("tariffs").select("id").execute()).length;

function upload(content: string, name = "tariffs.csv"): FormData {
  const form = new FormData();
  form.append("file", new Blob([content], { type: "text/csv" }), name);
  return form;
}

describe("POST /admin/tariffs/import", () => {
  it("refuses a file over the CSV import's limit (8 MB) with the form and a message, and writes nothing", async () => {
    const header = "slug,network,name\n";
    const response = await admin.post("/admin/tariffs/import", upload(header + "x".repeat(9 * 1024 * 1024)));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The file is too large: import at most 8 MB at a time");
    expect(await tariffCount()).toBe(0);
  });

  it("asks for a file when none is chosen, and when the file is empty", async () => {
    for (const body of [new FormData(), upload("", "")]) {
      const response = await admin.post("/admin/tariffs/import", body);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose a CSV file to import");
    }
    const plain = await admin.postForm("/admin/tariffs/import", { file: "slug,network" });
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain("Choose a CSV file to import");
    expect(await tariffCount()).toBe(0);
  });

  it("refuses a file that is not the catalogue's CSV, listing why, and writes nothing", async () => {
    const response = await admin.post("/admin/tariffs/import", upload("name,price\nSomething,12\n"));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Nothing was imported");
    expect(page).toContain('data-testid="import-error"');
    expect(await tariffCount()).toBe(0);
  });
});

describe("Withdraw (/admin/tariffs/:slug/withdraw)", () => {
  const statusOf = async (slug: string) => (await server.db.selectFrom("tariffs").select("status").where("slug", "=", slug).executeTakeFirst())?.status;
  const withdrawals = async (slug: string) =>
    (await server.db.selectFrom("auditLog").select("id").where("action", "=", "tariff.withdrawn").where("entityId", "=", slug).execute()).length;

  it("asks first, saying what withdrawing does; confirmed, it withdraws once and goes back to the list as it was searched", async () => {
    await addTariffs(admin, [tariffInput({ slug: "ee-withdraw-me" })]);
    const asked = await admin.get("/admin/tariffs/ee-withdraw-me/withdraw?q=ee&page=1");
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Withdraw this tariff?");
    expect(page).toContain("It leaves the public comparison at once");
    expect(page).toContain(">Withdraw</button>");
    expect(await statusOf("ee-withdraw-me")).toBe("live");

    const answer = await admin.postForm("/admin/tariffs/ee-withdraw-me/withdraw?q=ee&page=1", {});
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/tariffs?q=ee&page=1");
    expect(await (await admin.follow(answer)).text()).toContain("Tariff withdrawn: it is no longer on the website");
    expect(await statusOf("ee-withdraw-me")).toBe("withdrawn");
    expect(await withdrawals("ee-withdraw-me")).toBe(1);

    // Posted again (a second tab, a double click): refused, said why, written once.
    const again = await admin.postForm("/admin/tariffs/ee-withdraw-me/withdraw", {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This tariff has already been withdrawn");
    expect(await withdrawals("ee-withdraw-me")).toBe(1);
    expect(await (await admin.get("/admin/tariffs/ee-withdraw-me/withdraw")).text()).not.toContain(">Withdraw</button>");
  });

  it("does not withdraw a draft (it is not on the website), and the list no longer withdraws without asking", async () => {
    await addTariffs(admin, [tariffInput({ slug: "ee-draft-one", status: "draft" }), tariffInput({ slug: "ee-live-one" })]);
    const dialog = await (await admin.get("/admin/tariffs/ee-draft-one/withdraw")).text();
    expect(dialog).toContain("This tariff is a draft: it is not on the website, so there is nothing to withdraw");
    expect(dialog).not.toContain(">Withdraw</button>");
    expect((await admin.postForm("/admin/tariffs/ee-draft-one/withdraw", {})).status).toBe(409);
    expect(await statusOf("ee-draft-one")).toBe("draft");

    const listed = await admin.postForm("/admin/tariffs", { intent: "withdraw", slug: "ee-live-one" });
    expect(listed.status).toBe(400);
    expect(await statusOf("ee-live-one")).toBe("live");
    expect((await admin.get("/admin/tariffs/no-such-tariff/withdraw")).status).toBe(404);
    expect((await admin.postForm("/admin/tariffs/no-such-tariff/withdraw", {})).status).toBe(404);
  });
});
