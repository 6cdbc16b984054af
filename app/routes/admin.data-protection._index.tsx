import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge } from "~/ui/badge";
import { RETENTION_KINDS, RETENTION_KIND_LABELS } from "~/features/privacy/data-protection";
import { RETENTION_PREVIEW_PATH, RETENTION_RUN_PATH, retentionSettingsInWords, retentionTotal } from "~/features/privacy/retention-screen";
import { latestRetentionRuns, planRetention, retentionSettings } from "~/features/privacy/retention.server";
import { nextScheduledRetentionRun } from "~/features/privacy/retention-schedule.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";
import { formatCount } from "~/lib/money";
import { formatDateTime } from "~/lib/calendar";

/**
 * The Retention tab: what the next run will do, the last runs, the periods in
 * force; "Preview a run" records a dry run (preview route), "Run now" asks first (run route).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  const [due, runs] = await Promise.all([planRetention(new Date()), latestRetentionRuns(10)]);
  return json({ due, runs, nextRunAt: nextScheduledRetentionRun()?.toISOString() ?? null, settings: retentionSettingsInWords(retentionSettings()) });
}

const TRIGGER_WORDS = { schedule: "Schedule", operator: "npm run retention", staff: "Run now" } as const;

export default function RetentionTab() {
  const { due, runs, nextRunAt, settings } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-8">
      <section aria-labelledby="retention-due" className="grid gap-3">
        <h2 id="retention-due" className="text-xl font-semibold text-slate-900">
          What the next run will do
        </h2>
        <p className="text-sm text-slate-600" data-testid="retention-next-run">
          {nextRunAt ? `Next scheduled run: ${formatDateTime(nextRunAt)}.` : "The server does not run retention on its own."}
        </p>
        <dl className="grid max-w-2xl grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm" data-testid="retention-due">
          {RETENTION_KINDS.map((kind) => (
            <div key={kind} className="contents">
              <dt className="text-slate-700">{RETENTION_KIND_LABELS[kind]}</dt>
              <dd className="text-right font-semibold text-slate-900 tabular-nums">{formatCount(due[kind])}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={RETENTION_PREVIEW_PATH}>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Preview a run
            </button>
          </Form>
          <Link to={RETENTION_RUN_PATH} className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800">
            Run now
          </Link>
        </div>
      </section>

      <section aria-labelledby="retention-runs" className="grid gap-3">
        <h2 id="retention-runs" className="text-xl font-semibold text-slate-900">
          Last runs
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No run yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm" data-testid="retention-runs">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4 font-medium">Started</th>
                  <th className="py-2 pr-4 font-medium">Started by</th>
                  <th className="py-2 pr-4 font-medium">Kind</th>
                  <th className="py-2 pr-4 font-medium">Result</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {runs.map((run) => (
                  <tr key={run.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(run.startedAt)}</td>
                    <td className="py-2 pr-4">{`${run.actorName} (${TRIGGER_WORDS[run.trigger]})`}</td>
                    <td className="py-2 pr-4">{run.mode === "apply" ? <Badge tone="red">Applied</Badge> : <Badge>Dry run</Badge>}</td>
                    <td className="py-2 pr-4">
                      {run.error ? (
                        <span className="text-red-800">{`Failed: ${run.error}`}</span>
                      ) : run.finishedAt === null ? (
                        "Running..."
                      ) : (
                        <ul>
                          {RETENTION_KINDS.filter((kind) => (run.counts?.[kind] ?? 0) > 0).map((kind) => (
                            <li key={kind}>{`${RETENTION_KIND_LABELS[kind]}: ${formatCount(run.counts![kind])}`}</li>
                          ))}
                          {retentionTotal(run.counts) === 0 ? <li>Nothing was due</li> : null}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="retention-settings" className="grid gap-3">
        <h2 id="retention-settings" className="text-xl font-semibold text-slate-900">
          Settings in force
        </h2>
        <dl className="grid max-w-3xl grid-cols-[14rem_1fr] gap-x-6 gap-y-1.5 text-sm" data-testid="retention-settings">
          {settings.map((setting) => (
            <div key={setting.label} className="contents">
              <dt className="text-slate-600">{setting.label}</dt>
              <dd className="text-slate-900">{setting.words}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-600">Changed by the server&apos;s settings (docs/configuration.md); the privacy page shows the same periods.</p>
      </section>
    </div>
  );
}
