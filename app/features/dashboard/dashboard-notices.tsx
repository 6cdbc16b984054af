import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AlarmClock, TriangleAlert } from "~/ui/icons";
import { OVERDUE_DATA_REQUESTS_HREF, overdueDataRequestsText } from "~/features/privacy";
import { DELIVERY_KIND_LABELS, DELIVERY_PROBLEM_STATE_LABELS, isDeliveryKind } from "~/platform/outbox-kinds";
import type { DiskSpace } from "~/platform/disk-space.server";
import type { DeliveryProblems } from "./dashboard.server";
import { formatCount } from "~/lib/money";
import { countOf, plural } from "~/lib/plural";
import { formatDateTime } from "~/lib/calendar";

/** The panels at the top of the dashboard: what staff must see to. */

const megabytes = (bytes: number) => `${formatCount(Math.floor(bytes / (1024 * 1024)))} MB`;

/** The data volume is under its floor (disk-space.server.ts): the public site refuses new submissions until space is freed. */
export function DiskSpaceWarning({ space }: { space: DiskSpace }) {
  return (
    <AttentionPanel id="disk-space" testId="disk-space-warning" title="The data volume is nearly full">
      <p className="mt-2 text-sm text-red-900">
        {megabytes(space.freeBytes)} free, under the floor of {megabytes(space.floorBytes)}. Public quote requests, contact enquiries and newsletter sign-ups
        are refused until space is freed: make the volume larger, or remove old backups or images.
      </p>
    </AttentionPanel>
  );
}

/** A red panel at the top of the dashboard: something staff must see to. */
function AttentionPanel({
  id,
  testId,
  title,
  icon: Icon = TriangleAlert,
  children,
}: {
  id: string;
  testId: string;
  title: string;
  icon?: typeof TriangleAlert;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-red-50 p-5 ring-1 ring-red-200" data-testid={testId}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-red-900">
        <Icon className="size-5" aria-hidden /> {title}
      </h2>
      {children}
    </section>
  );
}

/** Webhook and email deliveries that failed or wait to be tried again: the leads and enquiries are stored, only the delivery did not get through. */
export function DeliveryProblemsPanel({ problems }: { problems: DeliveryProblems }) {
  const latest = problems.recent[0];
  const missing = problems.missingSettings;
  return (
    <AttentionPanel id="webhook-problems" testId="webhook-problems" title="Webhook and email deliveries need attention">
      <p className="mt-2 text-sm text-red-900">
        Every lead is stored and on the{" "}
        <Link to="/admin/leads" className="font-medium underline underline-offset-2">
          Leads screen
        </Link>
        , and every enquiry in the{" "}
        <Link to="/admin/enquiries" className="font-medium underline underline-offset-2">
          Enquiries inbox
        </Link>
        ; these deliveries (the lead webhook, emails to staff and confirmations to visitors) did not get through
        {missing.length > 0
          ? `, and ${missing.join(" and ")} ${plural(missing.length, "is", "are")} no longer set, so nothing waiting for ${plural(missing.length, "it", "them")} is sent`
          : ""}
        .
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-red-950">
        <dt className="font-medium">Failed (no more tries)</dt>
        <dd data-testid="webhook-failed-count">{countOf(problems.failed, "delivery", "deliveries")}</dd>
        <dt className="font-medium">Waiting to be tried again</dt>
        <dd data-testid="webhook-waiting-count">{countOf(problems.waiting, "delivery", "deliveries")}</dd>
        {problems.notSent > 0 ? (
          <>
            <dt className="font-medium">Not sent (suppression list)</dt>
            <dd data-testid="delivery-not-sent-count">{countOf(problems.notSent, "delivery", "deliveries")}</dd>
          </>
        ) : null}
        {latest?.lastError ? (
          <>
            <dt className="font-medium">Last error</dt>
            <dd className="min-w-0 break-words" data-testid="webhook-last-error">
              <code>{latest.lastError}</code> (<time dateTime={latest.at}>{formatDateTime(latest.at)}</time>)
            </dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-red-900">Most recent</h3>
      <ul className="mt-1 divide-y divide-red-100 text-sm text-red-950">
        {problems.recent.map((delivery) => (
          <li key={delivery.id} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
            {delivery.leadId !== null && delivery.leadReference ? (
              <Link to={`/admin/leads/${delivery.leadId}`} className="font-medium underline underline-offset-2">
                {delivery.leadReference}
              </Link>
            ) : delivery.enquiryId !== null ? (
              <Link to={`/admin/enquiries/${delivery.enquiryId}`} className="font-medium underline underline-offset-2">
                Enquiry {delivery.enquiryId}
              </Link>
            ) : (
              <span>Delivery {delivery.id}</span>
            )}
            <span>{isDeliveryKind(delivery.kind) ? DELIVERY_KIND_LABELS[delivery.kind] : delivery.kind}</span>
            <span>{DELIVERY_PROBLEM_STATE_LABELS[delivery.state]}</span>
            <span>{countOf(delivery.attempts, "try", "tries")}</span>
            {delivery.lastError ? <code className="min-w-0 break-words">{delivery.lastError}</code> : <span>Not tried yet</span>}
          </li>
        ))}
      </ul>
    </AttentionPanel>
  );
}

/** Open requests past their one-month due day: flagged to those who handle data protection, as overdue leads are. */
export function OverdueDataRequestsNotice({ count }: { count: number }) {
  return (
    <AttentionPanel id="overdue-data-requests" testId="overdue-data-requests" title={overdueDataRequestsText(count)} icon={AlarmClock}>
      <p className="mt-2 text-sm text-red-900">
        The privacy policy promises an answer within one calendar month of the day a request is received.{" "}
        <Link to={OVERDUE_DATA_REQUESTS_HREF} className="font-medium underline underline-offset-2">
          See the overdue requests
        </Link>
      </p>
    </AttentionPanel>
  );
}
