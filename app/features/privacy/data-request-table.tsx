import { Link, useLocation } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/ui/badge";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_STATUS_LABELS, DATA_REQUESTS_PATH, type DataRequest, type DataRequestStatus } from "./data-protection";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { formatCalendarDay } from "~/lib/calendar";

const STATUS_TONES: Record<DataRequestStatus, BadgeTone> = { open: "brand", done: "green", refused: "neutral" };

const COLUMNS = ["Kind", "Contact", "Received", "Due", "Status", "Handled by", "Actions"];

/** A request's status in a pill, and "Overdue" beside an open one past its due day. */
export function DataRequestStatusBadges({ request }: { request: Pick<DataRequest, "status" | "overdue"> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS_TONES[request.status]}>{DATA_REQUEST_STATUS_LABELS[request.status]}</Badge>
      {request.overdue ? (
        <Badge tone="red" className="uppercase">
          Overdue
        </Badge>
      ) : null}
    </span>
  );
}

/** The register's rows, newest first; each opens its request's dialog over the list. */
export function DataRequestTable({ requests }: { requests: DataRequest[] }) {
  const { search } = useLocation();
  if (requests.length === 0) return <EmptyList>No requests found</EmptyList>;
  return (
    <ListTable columns={COLUMNS} stacked>
      {requests.map((request) => (
        <tr key={request.id} data-testid="data-request-row" data-request-id={request.id} className={request.overdue ? "bg-red-50/40" : undefined}>
          <ListCell label="Kind" className="font-medium text-slate-900">
            {DATA_REQUEST_KIND_LABELS[request.kind]}
          </ListCell>
          <ListCell label="Contact" className="break-all text-slate-700">
            {request.contact ?? <span className="text-slate-500">Erased</span>}
          </ListCell>
          <ListCell label="Received" className="whitespace-nowrap text-slate-700">
            <time dateTime={request.receivedOn}>{formatCalendarDay(request.receivedOn)}</time>
          </ListCell>
          <ListCell label="Due" className="whitespace-nowrap text-slate-700">
            <time dateTime={request.dueOn}>{formatCalendarDay(request.dueOn)}</time>
          </ListCell>
          <ListCell label="Status">
            <DataRequestStatusBadges request={request} />
          </ListCell>
          <ListCell label="Handled by" className="text-slate-700">
            {request.handledByName ?? "Unassigned"}
          </ListCell>
          <ListCell label="Actions" className="text-right">
            <Link
              to={`${DATA_REQUESTS_PATH}/${request.id}${search}`}
              preventScrollReset
              className="inline-flex min-h-6 items-center font-medium text-brand-700 hover:underline"
            >
              Open<span className="sr-only"> the request received {formatCalendarDay(request.receivedOn)}</span>
            </Link>
          </ListCell>
        </tr>
      ))}
    </ListTable>
  );
}
