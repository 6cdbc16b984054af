import type { Generated, Selectable } from "kysely";
import type { TariffStatus } from "./tariffs";

/** The tables this capability adds to the one database type (below). */
export interface TariffTables {
  tariffs: TariffsTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends TariffTables {}
}

/** The tariff catalogue (migration 0019); the JSON columns hold the lists of app/features/tariffs/tariffs.ts. */
export interface TariffsTable {
  id: Generated<number>;
  slug: string;
  network: string;
  name: string;
  serviceType: string;
  status: TariffStatus;
  monthlyPriceExVatPence: number;
  upfrontCostExVatPence: number;
  termMonths: number;
  /** JSON PriceRise[]. */
  priceRises: string;
  dataGb: number | null;
  minutes: number | null;
  texts: number | null;
  fiveG: 0 | 1;
  /** JSON EuRoaming. */
  euRoaming: string;
  wifiCalling: 0 | 1;
  /** JSON string[]. */
  businessExtras: string;
  /** JSON MultiLineDiscount, or null for none. */
  multiLineDiscount: string | null;
  minLines: number;
  maxLines: number;
  sourceUrl: string | null;
  /** YYYY-MM-DD. */
  checkedOn: string;
  isSample: 0 | 1;
  createdAt: string;
  updatedAt: string;
}
export type TariffRow = Selectable<TariffsTable>;
