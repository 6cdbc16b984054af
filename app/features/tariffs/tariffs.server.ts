import { sql, type Insertable, type SqlBool } from "kysely";
import type { AdminUser } from "~/features/staff";
import type { TariffsTable } from "./tariff-tables";
import { tariffInputSchema, type TariffChanges } from "./tariffs-schema";
import {
  isTariffSlug,
  freshSince,
  type Tariff,
  type TariffInput,
  type TariffListEntry,
  type TariffListFilters,
  type TariffNetwork,
  type TariffServiceType,
  type TariffStatus,
  type TariffTerm,
} from "./tariffs";
import { getDb, isUniqueViolation, nowIso } from "~/platform/db.server";
import { rememberPublicContent } from "~/platform/public-content.server";
import { recordAudit } from "~/features/staff/index.server";
import { textSearch } from "~/platform/listing.server";
import { ModelError } from "~/platform/model-error.server";
import { ukDay } from "~/lib/calendar";
import type { TariffRow } from "./tariff-tables";
import { TARIFF_STALE_DAYS } from "./tariffs";
import { TARIFF_NOT_LIVE } from "./tariffs-screen";

/** A stored row as the app reads it: the JSON columns parsed, the 0/1 columns as booleans. */
export function toTariff(row: TariffRow): Tariff {
  return {
    slug: row.slug,
    network: row.network as TariffNetwork,
    name: row.name,
    serviceType: row.serviceType as TariffServiceType,
    status: row.status,
    monthlyPriceExVatPence: row.monthlyPriceExVatPence,
    upfrontCostExVatPence: row.upfrontCostExVatPence,
    termMonths: row.termMonths as TariffTerm,
    priceRises: JSON.parse(row.priceRises),
    dataGb: row.dataGb === null ? null : Number(row.dataGb),
    minutes: row.minutes,
    texts: row.texts,
    fiveG: row.fiveG === 1,
    euRoaming: JSON.parse(row.euRoaming),
    wifiCalling: row.wifiCalling === 1,
    businessExtras: JSON.parse(row.businessExtras),
    multiLineDiscount: row.multiLineDiscount === null ? null : JSON.parse(row.multiLineDiscount),
    minLines: row.minLines,
    maxLines: row.maxLines,
    sourceUrl: row.sourceUrl,
    checkedOn: row.checkedOn,
    isSample: row.isSample === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The columns a tariff is stored in (a staff-written tariff is never a sample). */
export function tariffColumns(input: TariffInput, now: string): Omit<Insertable<TariffsTable>, "createdAt"> {
  return {
    ...input,
    priceRises: JSON.stringify(input.priceRises),
    fiveG: input.fiveG ? 1 : 0,
    euRoaming: JSON.stringify(input.euRoaming),
    wifiCalling: input.wifiCalling ? 1 : 0,
    businessExtras: JSON.stringify(input.businessExtras),
    multiLineDiscount: input.multiLineDiscount === null ? null : JSON.stringify(input.multiLineDiscount),
    isSample: 0,
    updatedAt: now,
  };
}

/** A tariff as the audit log names it. */
const tariffWords = (tariff: { network: string; name: string; slug: string }) => `${tariff.network} ${tariff.name} (${tariff.slug})`;

/** The tariff as staff wrote it: without what the catalogue keeps about it. */
export function tariffInput({ isSample: _isSample, createdAt: _createdAt, updatedAt: _updatedAt, ...input }: Tariff): TariffInput {
  return input;
}

/** The first day whose check is still fresh today in the UK (TARIFF_STALE_DAYS). */
export function staleBefore(now: Date = new Date()): string {
  return freshSince(ukDay(now), TARIFF_STALE_DAYS);
}

const isStale = (cutoff: string) => sql<SqlBool>`${sql.ref("checkedOn")} < ${cutoff}`;

/** The staff's list, by network and name, each tariff marked stale or not. */
export async function listTariffs(filters: TariffListFilters = {}): Promise<TariffListEntry[]> {
  const db = await getDb();
  const cutoff = staleBefore();
  let query = db.selectFrom("tariffs").selectAll();
  if (filters.search) query = query.where(textSearch(filters.search, { text: ["name", "slug", "network"] }));
  if (filters.network) query = query.where("network", "=", filters.network);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.serviceType) query = query.where("serviceType", "=", filters.serviceType);
  if (filters.stale !== undefined) query = query.where(filters.stale ? isStale(cutoff) : sql<SqlBool>`NOT ${isStale(cutoff)}`);
  const rows = await query.orderBy("network").orderBy("name").orderBy("slug").execute();
  return rows.map((row) => ({ ...toTariff(row), stale: row.checkedOn < cutoff }));
}

/** How many tariffs still offered or being prepared (not withdrawn) need their prices checked again: the dashboard's count. */
export async function countStaleTariffs(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("tariffs")
    .select(sql<number>`count(*)`.as("count"))
    .where("status", "!=", "withdrawn")
    .where(isStale(staleBefore()))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The live tariffs, from memory: each catalogue change bumps the public content version (migration 0019), so every server follows it on the next request. */
export function listLiveTariffs(): Promise<Tariff[]> {
  return rememberPublicContent("live tariffs", async () => {
    const db = await getDb();
    const rows = await db.selectFrom("tariffs").selectAll().where("status", "=", "live").orderBy("slug").execute();
    return rows.map(toTariff);
  });
}

/** A live tariff a visitor may choose, or undefined (unknown, draft or withdrawn). */
export async function findLiveTariff(slug: string): Promise<Tariff | undefined> {
  return (await listLiveTariffs()).find((tariff) => tariff.slug === slug);
}

/** A slug that could not be any tariff's is "not found" before it reaches the database (Postgres refuses some bytes, such as NUL, in text outright). */
function requireSlugShape(slug: string): void {
  if (!isTariffSlug(slug)) throw new ModelError(404, "Tariff not found");
}

export async function getTariff(slug: string): Promise<Tariff> {
  requireSlugShape(slug);
  const db = await getDb();
  const row = await db.selectFrom("tariffs").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) throw new ModelError(404, "Tariff not found");
  return toTariff(row);
}

export async function createTariff(actor: AdminUser, input: TariffInput): Promise<Tariff> {
  const db = await getDb();
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto("tariffs")
        .values({ ...tariffColumns(input, now), createdAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(actor, { action: "tariff.created", entityType: "tariff", entityId: row.slug, summary: `Added the tariff ${tariffWords(row)}` }, trx);
      return toTariff(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "tariffs", "slug")) throw new ModelError(409, "Another tariff already has this slug", "slug");
    throw error;
  }
}

/** A staff edit, checked whole; it stops being a sample (its prices are now the staff's). The slug may change, unless another tariff has it (409). */
export async function updateTariff(actor: AdminUser, slug: string, changes: TariffChanges): Promise<Tariff> {
  requireSlugShape(slug);
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const db = await getDb();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("tariffs").selectAll().where("slug", "=", slug).executeTakeFirst();
      if (!row) throw new ModelError(404, "Tariff not found");
      const checked = tariffInputSchema.safeParse({ ...tariffInput(toTariff(row)), ...given });
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new ModelError(400, issue.message, issue.path.join(".") || undefined);
      }
      const updated = await trx
        .updateTable("tariffs")
        .set(tariffColumns(checked.data, nowIso()))
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const renamed = updated.slug === slug ? "" : `, was ${slug}`;
      await recordAudit(
        actor,
        { action: "tariff.updated", entityType: "tariff", entityId: updated.slug, summary: `Edited the tariff ${tariffWords(updated)}${renamed}` },
        trx,
      );
      return toTariff(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error, "tariffs", "slug")) throw new ModelError(409, "Another tariff already has this slug", "slug");
    throw error;
  }
}

const STATUS_CHANGES: Record<TariffStatus, { action: string; verb: string }> = {
  live: { action: "tariff.published", verb: "Published" },
  withdrawn: { action: "tariff.withdrawn", verb: "Withdrew" },
  draft: { action: "tariff.updated", verb: "Moved back to draft" },
};

/**
 * Publish (live: visitors see it at once) or withdraw (gone from the comparison at once; leads and quotes keep their snapshots). With `onlyFrom`, the change
 * is made only while the tariff still has that status (the withdraw dialog's "live"): 409 otherwise, so two staff at once change it once.
 */
export async function setTariffStatus(actor: AdminUser, slug: string, status: TariffStatus, { onlyFrom }: { onlyFrom?: "live" } = {}): Promise<Tariff> {
  requireSlugShape(slug);
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    let change = trx.updateTable("tariffs").set({ status, updatedAt: nowIso() }).where("slug", "=", slug);
    if (onlyFrom) change = change.where("status", "=", onlyFrom);
    const row = await change.returningAll().executeTakeFirst();
    if (!row) {
      const found = onlyFrom && (await trx.selectFrom("tariffs").select("status").where("slug", "=", slug).executeTakeFirst());
      if (!found) throw new ModelError(404, "Tariff not found");
      throw new ModelError(409, TARIFF_NOT_LIVE[found.status === "draft" ? "draft" : "withdrawn"]);
    }
    const words = STATUS_CHANGES[status];
    await recordAudit(actor, { action: words.action, entityType: "tariff", entityId: slug, summary: `${words.verb} the tariff ${tariffWords(row)}` }, trx);
    return toTariff(row);
  });
}

/** Removes a tariff from the catalogue; leads that chose it keep their snapshot of it. */
export async function deleteTariff(actor: AdminUser, slug: string): Promise<void> {
  requireSlugShape(slug);
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("tariffs").where("slug", "=", slug).returningAll().executeTakeFirst();
    if (!row) throw new ModelError(404, "Tariff not found");
    await recordAudit(actor, { action: "tariff.deleted", entityType: "tariff", entityId: slug, summary: `Deleted the tariff ${tariffWords(row)}` }, trx);
  });
}
