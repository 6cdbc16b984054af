import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadFiltersFromUrl } from "~/lib/schemas/leads";
import { leadsCsvStream } from "~/models/lead-workspace.server";
import { requireAdminPageUser } from "~/services/auth.server";

function londonDate(date: Date): string {
  // en-CA gives YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(date);
}

/** Export CSV: the leads of the current filter, streamed as leads-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const { q, status } = leadFiltersFromUrl(new URL(request.url));
  return new Response(leadsCsvStream({ q, status }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${londonDate(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
