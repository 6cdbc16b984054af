import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadFiltersFromUrl } from "~/features/leads/leads-schema";
import { leadsCsvStream } from "~/features/leads/lead-export.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { csvDownload } from "~/platform/csv-download.server";

/** Export CSV: the leads of the current filter, streamed as leads-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  return csvDownload(await leadsCsvStream(user, leadFiltersFromUrl(new URL(request.url))), "leads");
}
