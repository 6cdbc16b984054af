import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { orderLinesCsv } from "~/features/orders/staff-order-csv.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { recordId } from "~/lib/route-params";
import { ModelError } from "~/platform/model-error.server";
import { csvDownload } from "~/platform/csv-download.server";

/** The order's lines as CSV for the network's order form (the full PAC while held: staff only), audited; named order-ORD-XXXXXX-lines-YYYY-MM-DD.csv. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  try {
    const { name, csv } = await orderLinesCsv(user, recordId(params.id));
    return csvDownload(new Blob([csv]).stream(), name);
  } catch (error) {
    if (error instanceof ModelError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}
