import type { LoaderFunctionArgs } from "@remix-run/node";
import { tariffListParams, tariffListQuerySchema } from "~/features/tariffs/tariffs-schema";
import { exportTariffsCsv } from "~/features/tariffs/tariff-csv.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { ukDay } from "~/lib/calendar";

/**
 * Export CSV: the tariffs of the current filter (the list's parameters; a
 * bad one is ignored) in the import's columns, as tariffs-YYYY-MM-DD.csv.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdminPageUser(request, { signedOut: "login" });
  const filters = tariffListQuerySchema.safeParse(tariffListParams(new URL(request.url)));
  const csv = await exportTariffsCsv(user, filters.success ? filters.data : {});
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="tariffs-${ukDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
