import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchPageFromUrl } from "~/lib/search-schema";
import { contactEnquiriesCsvStream } from "~/features/inbox/contact-enquiries.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { csvDownload } from "~/platform/csv-download.server";

/** Export CSV: the enquiries matching the search, streamed as enquiries-YYYY-MM-DD.csv. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "admin-panel" });
  const { q } = searchPageFromUrl(new URL(request.url));
  return csvDownload(await contactEnquiriesCsvStream(user, { q }), "enquiries");
}
