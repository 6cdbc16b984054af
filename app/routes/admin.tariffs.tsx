import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { TariffFilters } from "~/features/tariffs/tariff-filters";
import { ImportSamplesPanel, TariffListActions } from "~/features/tariffs/tariff-list-actions";
import { TariffTable } from "~/features/tariffs/tariff-table";
import { exportHref, ListPanel } from "~/ui/list-page";
import { errorToast } from "~/lib/messages";
import { useAdminUser } from "~/features/staff/admin-session";
import { tariffScreenQueryFromUrl } from "~/features/tariffs/tariff-list-schema";
import { pageOfTariffs, TARIFF_LIST_INTENTS, TARIFFS_ADMIN_PATH } from "~/features/tariffs/tariffs-screen";
import { importSampleTariffs } from "~/features/tariffs/tariff-csv.server";
import { listTariffs, setTariffStatus } from "~/features/tariffs/tariffs.server";
import { changeFromForm } from "~/platform/admin-forms.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { raiseToast } from "~/platform/toast.server";
import { readFormFields } from "~/platform/request-body.server";
import { TARIFF_STALE_DAYS } from "~/features/tariffs/tariffs";
import { countOf, titleWithCount } from "~/lib/plural";
import { isSearched } from "~/lib/search-schema";

export const meta: MetaFunction = () => [{ title: "Tariffs | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const { filters, query, page } = tariffScreenQueryFromUrl(new URL(request.url));
  const tariffs = await listTariffs(filters);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return json({
    query,
    total: tariffs.length,
    list: pageOfTariffs(tariffs, page),
    catalogueEmpty: !filtered && tariffs.length === 0,
    staleDays: TARIFF_STALE_DAYS,
  });
}

// Withdraw is not here: it takes a live tariff off the website at once, so it asks first (admin.tariffs.$slug.withdraw.tsx).
const STATUS_CHANGES = {
  [TARIFF_LIST_INTENTS.publish]: { status: "live", done: "Tariff published: it is on the website now" },
} as const;

/** A row's Publish, back to the list as it was searched; or the sample tariffs, into an empty catalogue. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageTariffs", signedOut: "login" });
  const form = await readFormFields(request);
  const back = `${TARIFFS_ADMIN_PATH}${new URL(request.url).search}`;
  if (form.intent === TARIFF_LIST_INTENTS.importSamples) {
    return changeFromForm(() => importSampleTariffs(user), {
      success: { redirectTo: back, toast: ({ created }) => ({ kind: "success", title: `${countOf(created, "sample tariff")} imported` }) },
      failure: (error) => errorToast(error.message),
      refusalShownIn: "toast",
    });
  }
  // Own keys only: an intent of "__proto__" names no change.
  const change = form.intent && Object.hasOwn(STATUS_CHANGES, form.intent) ? STATUS_CHANGES[form.intent as keyof typeof STATUS_CHANGES] : null;
  if (!change || !form.slug) return json({ toast: raiseToast(errorToast("Unknown action")) }, { status: 400 });
  return changeFromForm(() => setTariffStatus(user, form.slug!, change.status), {
    success: { redirectTo: back, toast: { kind: "success", title: change.done } },
    failure: (error) => errorToast(error.message),
    refusalShownIn: "toast",
  });
}

export default function Tariffs() {
  const { query, total, list, catalogueEmpty, staleDays } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  const canManage = permissions.manageTariffs;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{titleWithCount("Tariffs", total)}</h1>
          <p className="mt-1 text-slate-600">The deals visitors compare on the website. Prices ex VAT; only live tariffs are shown.</p>
        </div>
        <TariffListActions canManage={canManage} exportHref={exportHref(`${TARIFFS_ADMIN_PATH}/export`, { ...query, q: query.q || undefined })} />
      </div>
      {catalogueEmpty && canManage ? <ImportSamplesPanel /> : null}
      <TariffFilters query={query} staleDays={staleDays} />
      <ListPanel label="Tariffs" page={list.page} pageCount={list.pageCount} found={{ filtered: isSearched(query), count: total, one: "tariff" }}>
        <TariffTable tariffs={list.rows} canManage={canManage} staleDays={staleDays} />
      </ListPanel>
      <Outlet />
    </div>
  );
}
