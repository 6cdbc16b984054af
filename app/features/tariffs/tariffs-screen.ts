/** The portal's Tariffs screen: where it is, and what its forms post. */

/** The screen the tariff dialogs sit on and close back to. */
export const TARIFFS_ADMIN_PATH = "/admin/tariffs";

/** The list's per-row status buttons and the empty catalogue's sample import, posted to the list itself. */
export const TARIFF_LIST_INTENTS = { publish: "publish", withdraw: "withdraw", importSamples: "import-samples" } as const;

/** The CSV import form's file field. */
export const TARIFF_CSV_FIELD = "file";

/** Rows on one page of the list. */
export const TARIFFS_PER_PAGE = 50;

/** One page of the list (the last when `page` is past it) and how many pages there are. */
export function pageOfTariffs<T>(tariffs: readonly T[], page: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(tariffs.length / TARIFFS_PER_PAGE));
  const shown = Math.min(Math.max(1, page), pageCount);
  return { rows: tariffs.slice((shown - 1) * TARIFFS_PER_PAGE, shown * TARIFFS_PER_PAGE), page: shown, pageCount };
}
