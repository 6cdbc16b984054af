import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteListFiltersFromUrl } from "~/lib/schemas/quote-list";
import { quotesCsvStream } from "~/models/quote-export.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { csvDownload } from "~/route-actions/csv-download.server";

/** Export CSV: the quotes of the Quotes screen's current filter, streamed as quotes-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  return csvDownload(await quotesCsvStream(user, quoteListFiltersFromUrl(new URL(request.url))), "quotes");
}
