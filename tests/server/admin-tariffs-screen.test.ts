import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_OWNER_ENV } from "../support/admin";
import { staffClient, type StaffClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/** The Tariffs screen's CSV upload: bounded like the image upload, and a refusal says why and writes nothing. */

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
