import { z } from "zod";
import { DATA_REQUEST_KINDS, DATA_REQUEST_OVERDUE_FILTER, DATA_REQUEST_STATUSES, DATA_REQUEST_TEXT as TEXT } from "./data-protection";
import { hasHiddenCharacters, hiddenCharactersMessage, isPhoneNumber, LIMITS } from "~/lib/form-fields";
import { withoutHiddenCharacters } from "~/lib/schema-fields";
import { filteredListFromUrl, searchPageSchema } from "~/lib/search-schema";
import { isCalendarDay, ukDay } from "~/lib/calendar";

/**
 * The request register (app/features/privacy/data-requests.server.ts): the record and edit dialogs and `/admin/api/data-requests`. Form posts and JSON go
 * through the same schemas.
 */

const UK_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A UK date as typed (26/11/2026) or as a date input sends it (2026-11-26), as YYYY-MM-DD. */
function isoDay(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  const uk = UK_DAY.exec(text);
  return uk ? `${uk[3]}-${uk[2].padStart(2, "0")}-${uk[1].padStart(2, "0")}` : text;
}

const receivedOn = z.preprocess(
  isoDay,
  z
    .string({ required_error: TEXT.receivedOnInvalid, invalid_type_error: TEXT.receivedOnInvalid })
    .refine(isCalendarDay, TEXT.receivedOnInvalid)
    .refine((day) => day <= ukDay(new Date()), TEXT.receivedOnFuture),
);

/** Whether a contact is an email address (else it is read as a phone number). */
export function isEmailContact(contact: string): boolean {
  return z.string().email().safeParse(contact).success;
}

const contact = z
  .string({ required_error: TEXT.contactMissing, invalid_type_error: TEXT.contactMissing })
  .trim()
  .min(1, TEXT.contactMissing)
  .max(LIMITS.email, TEXT.contactInvalid)
  .refine((value) => isEmailContact(value) || isPhoneNumber(value), TEXT.contactInvalid);

/** Blank (a form's empty choice or text) is none: null. */
const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

// A staff id: one with a hidden character (a NUL, which Postgres would refuse in the whole statement) is no one's.
const handledBy = z.preprocess(
  blankAsNull,
  z
    .string({ invalid_type_error: TEXT.handlerInvalid })
    .max(100, TEXT.handlerInvalid)
    .refine((value) => !hasHiddenCharacters(value), TEXT.handlerInvalid)
    .nullable(),
);

const notes = z.preprocess(
  blankAsNull,
  withoutHiddenCharacters(z.string({ invalid_type_error: TEXT.notesTooLong }).trim().max(LIMITS.message, TEXT.notesTooLong), {
    multiLine: true,
    message: hiddenCharactersMessage("the notes"),
  }).nullable(),
);

const kind = z.enum(DATA_REQUEST_KINDS, { errorMap: () => ({ message: TEXT.kindMissing }) });
const status = z.enum(DATA_REQUEST_STATUSES, { errorMap: () => ({ message: TEXT.statusInvalid }) });

/** A new request: its kind, the day it arrived, who it is from, who handles it (none: unassigned) and notes. */
export const dataRequestSchema = z.object({
  kind,
  receivedOn,
  contact,
  handledBy: handledBy.optional().transform((value) => value ?? null),
  notes: notes.optional().transform((value) => value ?? null),
});
export type DataRequestInput = z.infer<typeof dataRequestSchema>;

/** A change: status, handler, notes; a field left out stays as it is, a blank one is cleared. */
export const dataRequestChangesSchema = z
  .object({ status, handledBy, notes })
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), { message: TEXT.nothingToChange });
export type DataRequestChanges = z.infer<typeof dataRequestChangesSchema>;

/** The register's URL: `?status=&overdue=yes&page=`. Bad values fall back rather than fail, as the other lists'. */
export const dataRequestListSchema = searchPageSchema.omit({ q: true }).extend({
  status: z.enum(DATA_REQUEST_STATUSES).optional().catch(undefined),
  overdue: z.literal(DATA_REQUEST_OVERDUE_FILTER).optional().catch(undefined),
});
export type DataRequestListFilters = z.infer<typeof dataRequestListSchema>;

export function dataRequestListFromUrl(url: URL): DataRequestListFilters {
  return filteredListFromUrl(dataRequestListSchema, url, ["status", "overdue"]);
}
