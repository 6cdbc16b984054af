import type { Insertable } from "kysely";
import type { AdminUser } from "~/lib/admin-users";
import type { TariffRow, TariffsTable } from "~/lib/database-types";
import type { Tariff, TariffInput, TariffNetwork, TariffServiceType, TariffTerm } from "~/lib/tariffs";
import { getDb, isUniqueViolation, nowIso } from "~/infrastructure/db.server";
import { rememberPublicContent } from "~/infrastructure/public-content.server";
import { recordAudit } from "./audit-log.server";
import { ModelError } from "./model-error.server";

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

/** Every tariff, by network and name: the staff's list. */
export async function listTariffs(): Promise<Tariff[]> {
  const db = await getDb();
  const rows = await db.selectFrom("tariffs").selectAll().orderBy("network").orderBy("name").orderBy("slug").execute();
  return rows.map(toTariff);
}

/**
 * The live tariffs, from memory while the catalogue is unchanged: every
 * catalogue change bumps the public content version (migration 0019), so the
 * comparison follows a staff change on the next request, on every server.
 */
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

export async function getTariff(slug: string): Promise<Tariff> {
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
      await recordAudit(
        actor,
        { action: "tariff.created", entityType: "tariff", entityId: row.slug, summary: `Added the tariff ${row.network} ${row.name} (${row.slug})` },
        trx,
      );
      return toTariff(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "tariffs", "slug")) throw new ModelError(409, "Another tariff already has this slug", "slug");
    throw error;
  }
}
