import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteListFiltersFromUrl } from "~/features/quotes/quote-list-schema";
import { quotesCsvStream } from "~/features/quotes/quote-export.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { csvDownload } from "~/platform/csv-download.server";

/** Export CSV: the quotes of the Quotes screen's current filter, streamed as quotes-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  return csvDownload(await quotesCsvStream(user, quoteListFiltersFromUrl(new URL(request.url))), "quotes");
}
