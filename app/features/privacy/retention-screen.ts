import type { ToastMessage } from "~/lib/messages";
import { countOf, plural } from "~/lib/plural";
import { PAC_VALID_DAYS } from "~/features/orders";

/**
 * The retention settings in words, for the Data protection screen, the privacy page and the access export (one wording, from the same settings), and the
 * screen's messages.
 */

export const RETENTION_SCREEN_PATH = "/admin/data-protection";
export const RETENTION_RUN_PATH = "/admin/data-protection/run";
export const RETENTION_PREVIEW_PATH = "/admin/data-protection/preview";

/** All the runs' counts added up. */
export function retentionTotal(counts: Partial<Record<string, number>> | null): number {
  return counts ? Object.values(counts).reduce<number>((sum, count) => sum + (count ?? 0), 0) : 0;
}

/** The periods in force (app/platform/env.server.ts), as the screen and the privacy page show them. */
export interface RetentionSettings {
  leadMonths: number;
  customerYears: number;
  enquiryMonths: number;
  newsletterUnconfirmedDays: number;
  outboxKeepDays: number;
  auditDetailMonths: number;
  /** 0: the server never runs it on its own. */
  runHours: number;
}

/** "2 years" for 24 months, "18 months" for 18. */
export function monthsInWords(months: number): string {
  return months % 12 === 0 ? countOf(months / 12, "year") : countOf(months, "month");
}

/** Each setting in force, in words: "Leads: 2 years after their last activity ...". */
export function retentionSettingsInWords(settings: RetentionSettings): Array<{ label: string; words: string }> {
  return [
    { label: "Leads", words: `${monthsInWords(settings.leadMonths)} after their last activity, unless they became customers` },
    { label: "Customers", words: `${countOf(settings.customerYears, "year")} after their contract ends (the accepted quote's figures stay)` },
    {
      label: "Orders",
      words: `${countOf(settings.customerYears, "year")} after their last contract ends (the contracts' figures stay); an order that never went live, with its lead`,
    },
    { label: "PACs", words: `when the line is live, or ${countOf(PAC_VALID_DAYS, "day")} after the PAC was issued, whichever is first` },
    { label: "Contact enquiries", words: `${monthsInWords(settings.enquiryMonths)} after they arrived` },
    { label: "Unconfirmed newsletter sign-ups", words: `${countOf(settings.newsletterUnconfirmedDays, "day")} after signing up` },
    { label: "Sent emails and webhooks", words: `${countOf(settings.outboxKeepDays, "day")} after sending` },
    { label: "Personal details in the audit log", words: `${monthsInWords(settings.auditDetailMonths)} (the entries stay)` },
    {
      label: "Schedule",
      words: settings.runHours > 0 ? `every ${countOf(settings.runHours, "hour")}, and shortly after the server starts` : "never on its own",
    },
  ];
}

/** The periods the privacy page states ("How long we keep your information"), from the same settings. */
export function privacyRetentionFigures(settings: RetentionSettings) {
  return {
    leads: monthsInWords(settings.leadMonths),
    customers: countOf(settings.customerYears, "year"),
    enquiries: monthsInWords(settings.enquiryMonths),
    unconfirmedSignups: countOf(settings.newsletterUnconfirmedDays, "day"),
    pacs: countOf(PAC_VALID_DAYS, "day"),
  };
}

/** Each period in the privacy policy's words, for the access export (app/features/privacy/person-export.server.ts). */
export function retentionPeriodWords(settings: RetentionSettings) {
  const figures = privacyRetentionFigures(settings);
  return {
    quoteRequests: `up to ${figures.leads} after our last contact with you, unless you become a customer`,
    customers: `for the length of your contract and ${figures.customers} afterwards`,
    orders: `for the length of your contracts and ${figures.customers} afterwards; an order that never went live, as long as your quote request. A number transfer code (PAC) is deleted when the number has moved, or ${figures.pacs} after it was issued, whichever is first`,
    enquiries: `up to ${figures.enquiries} after you sent your enquiry`,
    newsletter: `until you unsubscribe; a sign-up not confirmed within ${figures.unconfirmedSignups} is deleted`,
    outbox: `${countOf(settings.outboxKeepDays, "day")} after it was sent`,
    auditLog: `the entry stays; personal details in it are removed after ${monthsInWords(settings.auditDetailMonths)}, or when the record it is about is erased`,
    consentRecords: "for as long as we may need to show the consent was given (the address is removed when the record it came with is removed)",
    suppressionList: "for as long as we hold contact lists, as a keyed hash only, so that you are not contacted again",
    signInRecords: "until the failures are forgotten, then deleted by the daily retention run",
    dataRequests: "while the request is handled; your contact details in it are removed on erasure, a keyed hash stays to match later requests",
  };
}

/** The kinds of data the access export says a retention period for. */
export type RetentionPeriod = keyof ReturnType<typeof retentionPeriodWords>;

export const RETENTION_MESSAGES = {
  previewed: (due: number): ToastMessage => ({
    kind: "success",
    title: "Dry run recorded",
    description: `${countOf(due, "record")} ${plural(due, "is", "are")} due; nothing was changed.`,
  }),
  ran: (done: number): ToastMessage => ({ kind: "success", title: "Retention run finished", description: `${countOf(done, "record")} anonymised or deleted.` }),
  running: {
    kind: "success",
    title: "Retention is running",
    description: "It goes on in the background; its result appears under Last runs when it finishes.",
  },
  failed: (error: string): ToastMessage => ({ kind: "destructive", title: "The retention run failed", description: error }),
  refused: (reason: string): ToastMessage => ({ kind: "destructive", title: "Retention was not run", description: reason }),
} as const;
