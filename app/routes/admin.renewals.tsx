import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListPanel } from "~/ui/list-page";
import { RenewalTable } from "~/features/orders/renewal-table";
import { listRenewalsDue } from "~/features/orders/renewals-screen.server";
import { RENEWAL_LEAD_DAYS, RENEWALS_AHEAD_DAYS } from "~/features/orders/order-lists";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { searchPageFromUrl } from "~/lib/search-schema";
import { formatCalendarDay } from "~/lib/calendar";
import { formatCount, formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

export const meta: MetaFunction = () => [{ title: "Renewals | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const { page } = searchPageFromUrl(new URL(request.url));
  return json(await listRenewalsDue(page));
}

export default function Renewals() {
  const { rows, total, page, pageCount, until } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Renewals</h1>
        <p className="mt-1 text-slate-600">
          Contracts ending in the next {RENEWALS_AHEAD_DAYS} days (to {formatCalendarDay(until)}), by customer and end date, soonest first. A renewal lead is
          made for each customer {RENEWAL_LEAD_DAYS} days before their contracts end.
        </p>
      </div>
      <p data-testid="renewals-total" className="text-sm font-medium text-slate-700">
        {countOf(total.contracts, "contract")} ending, worth {formatPounds(total.monthlyExVatPence)} a month ex VAT
        {total.rows > 0 ? ` (${formatCount(total.rows)} by customer and end date)` : ""}
      </p>
      <ListPanel label="Renewals" page={page} pageCount={pageCount}>
        <RenewalTable renewals={rows} />
      </ListPanel>
    </div>
  );
}
