import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { sourceReportQuerySchema } from "~/features/reports";
import { sourcesReportCsv } from "~/features/reports/index.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { parseWithSchema } from "~/lib/form-submission";
import { csvDownload } from "~/platform/csv-download.server";
import { ModelError } from "~/platform/model-error.server";

/** Export CSV of the Sources screen: the same query, as sources-YYYY-MM-DD.csv, audited. A bad query is 400 with field errors, as the JSON route. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "view", signedOut: "login" });
  const parsed = parseWithSchema(sourceReportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: "Invalid report", fieldErrors: parsed.fieldErrors }, { status: 400 });
  try {
    return csvDownload(new Blob([await sourcesReportCsv(user, parsed.data)]).stream(), "sources");
  } catch (error) {
    if (error instanceof ModelError && error.field) return json({ error: "Invalid report", fieldErrors: { [error.field]: error.message } }, { status: 400 });
    throw error;
  }
}
