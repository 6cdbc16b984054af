import { Form, Link } from "@remix-run/react";
import type { FormAnswer } from "~/lib/form-fields";
import { formatCalendarMonth, formatDateTime } from "~/lib/calendar";
import { formatPounds } from "~/lib/money";
import { Button, buttonClasses } from "~/ui/button";
import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input } from "~/ui/field";
import { EmptyList, ListCell, ListTable } from "~/ui/list-page";
import { spendTarget, type MarketingSpendEntry } from "./marketing-spend";

export const SPEND_PAGE = "/admin/reports/sources/spend";

const FIELD_IDS = { month: "spend-month", source: "spend-source", campaign: "spend-campaign", amount: "spend-amount" } as const;
type SpendField = keyof typeof FIELD_IDS;

/** The Spend screen's form: a month's amount for a source or one campaign of it; the same month, source and campaign again replaces the amount. */
export function SpendForm({ answer }: { answer: FormAnswer<SpendField> | undefined }) {
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  return (
    <Form method="post" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
      <h2 className="text-lg font-semibold text-slate-900">Enter a month&apos;s spend</h2>
      <ErrorSummary answer={answer} fields={FIELD_IDS} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={FIELD_IDS.month} label="Month" error={errors.month} hint="YYYY-MM" required>
          {(control) => <Input {...control} type="month" name="month" placeholder="2026-10" defaultValue={values.month} />}
        </Field>
        <Field id={FIELD_IDS.source} label="Source" error={errors.source} hint="As the leads record it, e.g. google" required>
          {(control) => <Input {...control} name="source" autoCapitalize="none" defaultValue={values.source} />}
        </Field>
        <Field id={FIELD_IDS.campaign} label="Campaign" error={errors.campaign} hint="Empty for the whole source">
          {(control) => <Input {...control} name="campaign" autoCapitalize="none" defaultValue={values.campaign} />}
        </Field>
        <Field id={FIELD_IDS.amount} label="Amount spent (£)" error={errors.amount} hint="In pounds, e.g. 1250.50" required>
          {(control) => <Input {...control} name="amount" inputMode="decimal" defaultValue={values.amount} />}
        </Field>
      </div>
      <div>
        <Button type="submit" variant="primary">
          Save spend
        </Button>
      </div>
    </Form>
  );
}

/** The spend entered, the latest month first; staff who manage spend delete an entry from its own link, which asks first. */
export function SpendTable({ entries, canManage }: { entries: MarketingSpendEntry[]; canManage: boolean }) {
  if (entries.length === 0) return <EmptyList>No spend entered yet.</EmptyList>;
  const columns = ["Month", "Source", "Campaign", { label: "Amount", className: "text-right" }, "Last changed", ...(canManage ? ["Delete"] : [])];
  return (
    <ListTable columns={columns} stacked>
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="spend-row">
          <ListCell label="Month" className="font-medium text-slate-900">
            {formatCalendarMonth(entry.month)}
          </ListCell>
          <ListCell label="Source">{entry.source}</ListCell>
          <ListCell label="Campaign">{entry.campaign || "Whole source"}</ListCell>
          <ListCell label="Amount" className="tabular-nums md:text-right">
            {formatPounds(entry.amountPence)}
          </ListCell>
          <ListCell label="Last changed">
            {formatDateTime(entry.updatedAt)}
            {entry.updatedByName ? ` by ${entry.updatedByName}` : ""}
          </ListCell>
          {canManage ? (
            <ListCell label="Delete">
              <Link to={`${SPEND_PAGE}/${entry.id}/delete`} preventScrollReset className={buttonClasses("outline", "sm")}>
                Delete
                <span className="sr-only">
                  {" "}
                  the spend on {spendTarget(entry)} in {formatCalendarMonth(entry.month)}
                </span>
              </Link>
            </ListCell>
          ) : null}
        </tr>
      ))}
    </ListTable>
  );
}

/** The link between the Sources screen and the Spend screen. */
export function SpendLink() {
  return (
    <Link to={SPEND_PAGE} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2">
      Spend
    </Link>
  );
}
