import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Pencil, Trash2 } from "~/ui/icons";
import { Badge, type BadgeTone } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { TARIFF_SERVICE_TYPE_LABELS, TARIFF_STATUS_LABELS, type TariffListEntry, type TariffStatus } from "./tariffs";
import { TARIFF_LIST_INTENTS, TARIFFS_ADMIN_PATH, withdrawTariffPath } from "./tariffs-screen";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { formatCalendarDay } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

const COLUMNS = ["Network", "Tariff", "Type", "Status", "Monthly ex VAT", "Term", "Data", "Checked on", "Actions"];

const STATUS_TONES: Record<TariffStatus, BadgeTone> = { draft: "neutral", live: "green", withdrawn: "red" };

/** Publish for a draft or withdrawn tariff, a real form post; Withdraw for a live one, a link to its confirmation (it leaves the website at once). */
function StatusButton({ tariff }: { tariff: TariffListEntry }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const name = <span className="sr-only"> {`${tariff.network} ${tariff.name}`}</span>;
  if (tariff.status === "live") {
    return (
      <Link to={`${withdrawTariffPath(tariff.slug)}${search}`} preventScrollReset className={buttonClasses("outline", "sm")}>
        Withdraw
        {name}
      </Link>
    );
  }
  const busy = navigation.state === "submitting" && navigation.formData?.get("slug") === tariff.slug;
  return (
    <Form method="post" action={`${TARIFFS_ADMIN_PATH}${search}`} preventScrollReset>
      <input type="hidden" name="slug" value={tariff.slug} />
      <button type="submit" name="intent" value={TARIFF_LIST_INTENTS.publish} disabled={busy} className={buttonClasses("outline", "sm")}>
        {busy ? "Saving..." : "Publish"}
        {name}
      </button>
    </Form>
  );
}

/**
 * The catalogue as staff see it: every tariff with its price ex VAT, term,
 * data and the day its prices were checked, Stale and Sample marked; Edit,
 * Publish or Withdraw and Delete for staff who may change it.
 */
export function TariffTable({ tariffs, canManage, staleDays }: { tariffs: TariffListEntry[]; canManage: boolean; staleDays: number }) {
  const { search } = useLocation();
  if (tariffs.length === 0) return <EmptyList>No tariffs found</EmptyList>;
  return (
    <ListTable columns={canManage ? COLUMNS : COLUMNS.slice(0, -1)} stacked>
      {tariffs.map((tariff) => (
        <tr key={tariff.slug} data-testid="tariff-row" data-tariff-slug={tariff.slug}>
          <ListCell label="Network" className="font-medium whitespace-nowrap text-slate-900">
            {tariff.network}
          </ListCell>
          <ListCell label="Tariff" className="min-w-48">
            <span className="font-medium text-slate-900">{tariff.name}</span>
            <span className="block font-mono text-xs text-slate-600">{tariff.slug}</span>
            {tariff.isSample || tariff.stale ? (
              <span className="mt-1 flex flex-wrap gap-1">
                {tariff.stale ? (
                  <span title={`Prices checked more than ${countOf(staleDays, "day")} ago`}>
                    <Badge tone="amber">Stale</Badge>
                  </span>
                ) : null}
                {tariff.isSample ? <Badge tone="purple">Sample</Badge> : null}
              </span>
            ) : null}
          </ListCell>
          <ListCell label="Type" className="whitespace-nowrap text-slate-700">
            {TARIFF_SERVICE_TYPE_LABELS[tariff.serviceType] ?? tariff.serviceType}
          </ListCell>
          <ListCell label="Status">
            <Badge tone={STATUS_TONES[tariff.status]}>{TARIFF_STATUS_LABELS[tariff.status]}</Badge>
          </ListCell>
          <ListCell label="Monthly ex VAT" className="whitespace-nowrap text-slate-900">
            {formatPounds(tariff.monthlyPriceExVatPence)}
          </ListCell>
          <ListCell label="Term" className="whitespace-nowrap text-slate-700">
            {countOf(tariff.termMonths, "month")}
          </ListCell>
          <ListCell label="Data" className="whitespace-nowrap text-slate-700">
            {tariff.dataGb === null ? "Unlimited" : `${tariff.dataGb} GB`}
          </ListCell>
          <ListCell label="Checked on" className="whitespace-nowrap text-slate-700">
            <time dateTime={tariff.checkedOn}>{formatCalendarDay(tariff.checkedOn)}</time>
          </ListCell>
          {canManage ? (
            <ListCell label="Actions">
              <div className="flex items-center justify-end gap-1">
                <Link
                  to={`${TARIFFS_ADMIN_PATH}/${tariff.slug}/edit${search}`}
                  preventScrollReset
                  title="Edit"
                  className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <Pencil className="size-4" aria-hidden />
                  <span className="sr-only">{`Edit ${tariff.network} ${tariff.name}`}</span>
                </Link>
                <StatusButton tariff={tariff} />
                <Link
                  to={`${TARIFFS_ADMIN_PATH}/${tariff.slug}/delete${search}`}
                  preventScrollReset
                  title="Delete"
                  className="rounded-md p-2 text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 className="size-4" aria-hidden />
                  <span className="sr-only">{`Delete ${tariff.network} ${tariff.name}`}</span>
                </Link>
              </div>
            </ListCell>
          ) : null}
        </tr>
      ))}
    </ListTable>
  );
}
