import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser } from "~/features/staff/admin-users";

/**
 * The "last active super admin stays" rule, called on the model directly.
 * Through HTTP a single request cannot reach it (the acting super admin is
 * itself an active super admin), so the actor here is a stale one: a
 * super admin who was demoted after their request was let in.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-users-model-"));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

// Imported once DATA_DIR is set: the configuration is read as its module loads.
const { createAdminUserRow } = await import("../support/admin");
const { getDb } = await import("~/platform/db.server");
const model = await import("~/features/staff/admin-users.server");
const { ModelError } = await import("~/platform/model-error.server");

let staleActor: AdminUser;

beforeAll(async () => {
  const db = await getDb();
  staleActor = await createAdminUserRow(db, { email: "demoted@example.co.uk", role: "admin" });
  staleActor = { ...staleActor, role: "super_admin" };
});
afterAll(async () => {
  await (await getDb()).destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as InstanceType<typeof ModelError>;
}

describe("the last active super admin", () => {
  it("cannot be given another role or deactivated (409), and stays as they were", async () => {
    const db = await getDb();
    const sole = await createAdminUserRow(db, { email: "sole@example.co.uk", role: "super_admin" });

    const roleChange = await refusal(model.changeAdminUserRole(staleActor, sole.id, "manager"));
    expect(roleChange.status).toBe(409);
    expect(roleChange.message).toBe("The last active super admin cannot be given another role");

    const deactivation = await refusal(model.deactivateAdminUser(staleActor, sole.id));
    expect(deactivation.status).toBe(409);
    expect(deactivation.message).toBe("The last active super admin cannot be deactivated");

    expect(await model.findAdminUserById(sole.id)).toMatchObject({ role: "super_admin", isActive: true });
    // Giving them the role they already have is not a change.
    await expect(model.changeAdminUserRole(staleActor, sole.id, "super_admin")).resolves.toMatchObject({ role: "super_admin" });

    // An inactive super admin does not count; with a second active one, the change is allowed.
    const inactive = await createAdminUserRow(db, { email: "inactive-super@example.co.uk", role: "super_admin", isActive: false });
    expect((await refusal(model.deactivateAdminUser(staleActor, sole.id))).status).toBe(409);
    await expect(model.changeAdminUserRole(staleActor, inactive.id, "admin")).resolves.toMatchObject({ role: "admin" });
    await createAdminUserRow(db, { email: "second-super@example.co.uk", role: "super_admin" });
    await expect(model.deactivateAdminUser(staleActor, sole.id)).resolves.toMatchObject({ isActive: false });
  });
});
