import { TARIFF_NETWORKS, TARIFF_SERVICE_TYPE_LABELS, TARIFF_SERVICE_TYPES, TARIFF_STATUS_LABELS, TARIFF_STATUSES } from "./tariffs";
import { TARIFFS_ADMIN_PATH } from "./tariffs-screen";
import type { TariffScreenQuery } from "./tariff-list-schema";
import { FilterForm } from "~/ui/filter-select";
import { countOf } from "~/lib/plural";

const NETWORK_LABELS = Object.fromEntries(TARIFF_NETWORKS.map((network) => [network, network])) as Record<(typeof TARIFF_NETWORKS)[number], string>;

/** The catalogue's search and filters (network, status, service type, stale prices), in the URL. */
export function TariffFilters({ query, staleDays }: { query: TariffScreenQuery; staleDays: number }) {
  return (
    <FilterForm
      action={TARIFFS_ADMIN_PATH}
      id="tariff-search"
      label="Search tariffs"
      placeholder="Search by name or slug..."
      q={query.q}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 xl:grid-cols-[1fr_9rem_9rem_10rem_12rem_auto]"
      filters={[
        {
          id: "tariff-network-filter",
          label: "Filter by network",
          name: "network",
          value: query.network,
          allLabel: "All networks",
          options: TARIFF_NETWORKS,
          labels: NETWORK_LABELS,
        },
        {
          id: "tariff-status-filter",
          label: "Filter by status",
          name: "status",
          value: query.status,
          allLabel: "All statuses",
          options: TARIFF_STATUSES,
          labels: TARIFF_STATUS_LABELS,
        },
        {
          id: "tariff-type-filter",
          label: "Filter by service type",
          name: "serviceType",
          value: query.serviceType,
          allLabel: "All types",
          options: TARIFF_SERVICE_TYPES,
          labels: TARIFF_SERVICE_TYPE_LABELS,
        },
        {
          id: "tariff-stale-filter",
          label: "Filter by when prices were checked",
          name: "stale",
          value: query.stale,
          allLabel: "Any check date",
          options: ["1"] as const,
          labels: { "1": `Stale (over ${countOf(staleDays, "day")})` },
        },
      ]}
    />
  );
}
