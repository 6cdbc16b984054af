import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { exportHref, ListHeader, ListPanel } from "~/ui/list-page";
import { QuoteFilters } from "~/features/quotes/quote-filters";
import { QuoteTable } from "~/features/quotes/quote-table";
import { quoteListFiltersFromUrl } from "~/features/quotes/quote-list-schema";
import { listQuotes } from "~/features/quotes/quote-list.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { activeStaffChoices } from "~/features/staff/index.server";
import { isSearched } from "~/lib/search-schema";

export const meta: MetaFunction = () => [{ title: "Quotes | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const filters = quoteListFiltersFromUrl(new URL(request.url));
  const [page, owners] = await Promise.all([listQuotes(filters), activeStaffChoices()]);
  return json({ filters, page, owners });
}

export default function Quotes() {
  const { filters, page, owners } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <ListHeader
        title="Quotes"
        count={page.total}
        intro="Every quote made from a lead, newest first. A sent quote past its valid-until day reads as expired."
        exportHref={exportHref("/admin/quotes/export", { q: filters.q, status: filters.status, owner: filters.owner, expiring: filters.expiring })}
      />
      <QuoteFilters filters={filters} owners={owners} />
      <ListPanel label="Quotes" page={page.page} pageCount={page.pageCount} found={{ filtered: isSearched(filters), count: page.total, one: "quote" }}>
        <QuoteTable quotes={page.quotes} />
      </ListPanel>
    </div>
  );
}
