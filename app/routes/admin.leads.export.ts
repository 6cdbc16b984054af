import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadFiltersFromUrl } from "~/lib/schemas/leads";
import { leadsCsvStream } from "~/models/lead-export.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { csvDownload } from "~/route-actions/csv-download.server";

/** Export CSV: the leads of the current filter, streamed as leads-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  return csvDownload(await leadsCsvStream(user, leadFiltersFromUrl(new URL(request.url))), "leads");
}
