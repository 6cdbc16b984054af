import { z } from "zod";
import { hiddenCharactersMessage } from "~/lib/form-fields";
import { withoutHiddenCharacters } from "~/lib/schema-fields";
import { filteredListFromUrl, searchPageSchema } from "~/lib/search-schema";
import { LEAD_ASSIGNMENT_FILTERS, LEAD_STATUSES } from "./lead-lists";

/** The leads screen's URL: `?q=&status=&assigned=&page=`. Bad values fall back rather than fail. */
export const leadFiltersSchema = searchPageSchema.extend({
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  assigned: z.enum(LEAD_ASSIGNMENT_FILTERS).optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export function leadFiltersFromUrl(url: URL): LeadFilters {
  return filteredListFromUrl(leadFiltersSchema, url, ["status", "assigned"]);
}

/** `{ assignedTo }`: a staff member's id, or null (or "" from a form) to unassign. */
export const leadAssignmentSchema = z.object({
  assignedTo: z
    .union([withoutHiddenCharacters(z.string().trim().max(100)), z.null()], { errorMap: () => ({ message: "Choose a staff member, or null to unassign" }) })
    .transform((value) => value || null),
});

export const leadStatusChangeSchema = z.object({
  status: z.enum(LEAD_STATUSES, { errorMap: () => ({ message: `Status must be one of: ${LEAD_STATUSES.join(", ")}` }) }),
});

export const leadNoteSchema = z.object({
  body: withoutHiddenCharacters(
    z.string({ required_error: "Write a note first" }).trim().min(1, "Write a note first").max(5000, "Keep notes to 5000 characters or fewer"),
    { multiLine: true, message: hiddenCharactersMessage("the note") },
  ),
});
