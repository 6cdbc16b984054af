import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataRequestFilters } from "~/features/privacy/data-request-filters";
import { DataRequestTable } from "~/features/privacy/data-request-table";
import { ListPanel } from "~/ui/list-page";
import { ButtonLink } from "~/ui/button";
import { Plus } from "~/ui/icons";
import { DATA_REQUESTS_PATH } from "~/features/privacy/data-protection";
import { dataRequestListFromUrl } from "~/features/privacy/data-requests-schema";
import { listDataRequests } from "~/features/privacy/data-requests.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";
import { isSearched } from "~/lib/search-schema";
import { titleWithCount } from "~/lib/plural";

export const meta: MetaFunction = () => [{ title: "Requests | Data protection | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  const filters = dataRequestListFromUrl(new URL(request.url));
  return json({ filters, page: await listDataRequests(filters) });
}

/** The request register: every access, erasure, objection and correction request, newest first, with its due day. */
export default function DataRequests() {
  const { filters, page } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{titleWithCount("Requests", page.total)}</h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Each request a person makes about their data, newest first. It must be answered within one calendar month of the day it was received; an open
            request past its due day is overdue.
          </p>
        </div>
        <ButtonLink to={`${DATA_REQUESTS_PATH}/new${search}`} preventScrollReset>
          <Plus className="size-4" aria-hidden /> Record a request
        </ButtonLink>
      </div>
      <DataRequestFilters filters={filters} />
      <ListPanel label="Requests" page={page.page} pageCount={page.pageCount} found={{ filtered: isSearched(filters), count: page.total, one: "request" }}>
        <DataRequestTable requests={page.entries} />
      </ListPanel>
      <Outlet />
    </div>
  );
}
