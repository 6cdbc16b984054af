import { expect } from "vitest";
import type { TariffInput } from "~/features/tariffs/tariffs";
import type { Client } from "./client";

/** A complete live tariff as staff would add it; a test changes only what it is about. */
export function tariffInput(overrides: Partial<TariffInput> = {}): TariffInput {
  return {
    slug: "ee-business-30gb-24",
    network: "EE",
    name: "Business SIM 30GB",
    serviceType: "sim_only",
    status: "live",
    monthlyPriceExVatPence: 1200,
    upfrontCostExVatPence: 0,
    termMonths: 24,
    priceRises: [{ from: "2027-04-01", monthlyPriceExVatPence: 1400 }],
    dataGb: 30,
    minutes: null,
    texts: null,
    fiveG: true,
    euRoaming: { included: true, fairUseGb: 15, dailyChargePence: null },
    wifiCalling: true,
    businessExtras: ["Priority support"],
    multiLineDiscount: { fromLine: 2, percent: 10 },
    minLines: 1,
    maxLines: 50,
    sourceUrl: "https://example.com/ee/business-sim",
    checkedOn: "2026-11-01",
    ...overrides,
  };
}

/** Adds tariffs to the catalogue through the staff JSON route, as an admin would. */
export async function addTariffs(admin: Client, tariffs: TariffInput[]): Promise<void> {
  for (const tariff of tariffs) {
    const response = await admin.postJson("/admin/api/tariffs", tariff);
    expect(response.status, await response.clone().text()).toBe(201);
  }
}
