import { z } from "zod";
import { LEAD_STATUSES } from "~/lib/enums";

/** The leads screen's URL: `?q=&status=&page=`. Bad values fall back rather than fail. */
export const leadFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export function leadFiltersFromUrl(url: URL): LeadFilters {
  return leadFiltersSchema.parse({
    q: url.searchParams.get("q") ?? "",
    status: url.searchParams.get("status") || undefined,
    page: url.searchParams.get("page") ?? 1,
  });
}

export const leadStatusChangeSchema = z.object({
  status: z.enum(LEAD_STATUSES, { errorMap: () => ({ message: `Status must be one of: ${LEAD_STATUSES.join(", ")}` }) }),
});

export const leadNoteSchema = z.object({
  body: z.string({ required_error: "Write a note first" }).trim().min(1, "Write a note first").max(5000, "Keep notes to 5000 characters or fewer"),
});
