/** The portal's Tariffs screen: where it is, and what its forms post. */

/** The screen the tariff dialogs sit on and close back to. */
export const TARIFFS_ADMIN_PATH = "/admin/tariffs";

/** The list's per-row Publish and the empty catalogue's sample import, posted to the list itself (Withdraw asks first, in its own dialog). */
export const TARIFF_LIST_INTENTS = { publish: "publish", importSamples: "import-samples" } as const;

/** The confirmation before a live tariff is withdrawn: a dialog over the list, a page without JavaScript. */
export const withdrawTariffPath = (slug: string) => `${TARIFFS_ADMIN_PATH}/${slug}/withdraw`;

/**
 * What the withdraw confirmation says. True to the code: the comparison and the quote editor read live tariffs only, while a lead's chosen deal and a quote's
 * lines are snapshots (a draft keeps its line; sending it sends that line as it is).
 */
export const TARIFF_WITHDRAW_WORDS = {
  title: "Withdraw this tariff?",
  question:
    "It leaves the public comparison at once: visitors can no longer see or choose it, and staff can no longer add it to a quote. Leads that chose it and quotes that already include it, drafts too, keep it exactly as it was. You can publish it again later.",
  confirmLabel: "Withdraw",
  busyLabel: "Withdrawing...",
  done: "Tariff withdrawn: it is no longer on the website",
  goneText: "This tariff no longer exists. It may have been deleted.",
} as const;

/** Under the add and edit dialogs' Status: saving the form is the confirmation there, so it says what each status does at once. */
export const TARIFF_STATUS_HINT = "Live is on the website as soon as you save; Withdrawn leaves it at once (leads and quotes keep their copy).";

/** Why a tariff that is not live cannot be withdrawn (a 409, and what the dialog says instead of asking). */
export const TARIFF_NOT_LIVE = {
  draft: "This tariff is a draft: it is not on the website, so there is nothing to withdraw",
  withdrawn: "This tariff has already been withdrawn: it is not on the website",
} as const;

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
