import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Button, ButtonLink } from "~/ui/button";
import { Field, Input, Select, Textarea } from "~/ui/field";
import { IntentButton, LineColumnHeadings, QuoteLineRow } from "./quote-line-row";
import { ErrorSummary } from "~/ui/error-summary";
import { controlId } from "~/lib/form-fields";
import { ContractSummaryBlock, Heading, QuoteTotalsList, Terms, type QuoteEditorData } from "./quote-view";
import { quoteContractSummary } from "./quote-contract-summary";
import { lineWorkingWords } from "./quote-words";
import {
  ADD_TARIFF_FIELDS,
  leadPagePath,
  lineField,
  previewQuoteRows,
  QUOTE_INTENTS,
  quoteFormRows,
  type QuoteFormErrors,
  type QuoteFormValues,
} from "./quote-form";
import { QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS } from "./quotes";
import { priceQuote } from "./quote-prices";
import { countOf } from "~/lib/plural";

/** The controls of the form's own fields (the ids below); a line's are `quote-line-{row}-{field}`. */
const FORM_CONTROLS: Readonly<Record<string, string>> = {
  [ADD_TARIFF_FIELDS.slug]: "quote-add-tariff",
  [ADD_TARIFF_FIELDS.quantity]: "quote-add-tariff-quantity",
  customerNote: "quote-customer-note",
  internalMemo: "quote-internal-memo",
  validUntil: "quote-valid-until",
};
const LINE_CONTROLS = new Set<string>(["group", "description", "quantity", "unitPrice", "charge", "termMonths", "discountKind", "discount", "discountReason"]);

/** The control an answer's message is about: a line's field (its price's message is the unit price's), a field of the form, or none (text in the summary). */
function controlOfMessage(name: string): string | undefined {
  const line = /^lines\.(\d+)\.(\w+)$/.exec(name);
  if (!line) return Object.hasOwn(FORM_CONTROLS, name) ? FORM_CONTROLS[name] : undefined;
  const field = line[2] === "unitPriceExVatPence" ? "unitPrice" : line[2]!;
  return LINE_CONTROLS.has(field) ? controlId(`quote-line-${line[1]}`, field) : undefined;
}

/**
 * The draft's form: a plain post that works without JavaScript (every button
 * posts the whole form with its intent and the draft is saved each time);
 * with JavaScript the totals are priced again as staff type. After a refused
 * post it shows what was typed with each message by its field.
 */
export function QuoteDraftForm({
  editor,
  answer,
}: {
  editor: QuoteEditorData;
  answer?: { fieldErrors?: QuoteFormErrors; values?: QuoteFormValues; formError?: string };
}) {
  const busy = useNavigation().state === "submitting";
  const initial = answer?.values ?? editor.values;
  const [live, setLive] = useState<QuoteFormValues>(initial);
  const errors = answer?.fieldErrors ?? {};
  const rows = quoteFormRows(initial);
  const smallBusiness = editor.contractSummary !== null;
  // Totals, each row's amount and the contract summary all follow what is typed, before it is saved.
  const preview = previewQuoteRows(live, editor.quote.lines);
  const liveLines = preview.map((entry) => entry.line);
  const totals = priceQuote(liveLines, editor.quote.start);
  const amounts = new Map(preview.map((entry, index) => [entry.row, totals.lines[index]!.amountExVatPence]));
  const workings = new Map(preview.map((entry) => [entry.row, lineWorkingWords(entry.line, editor.quote.start)]));
  const contractSummary = quoteContractSummary(liveLines, editor.lead.teamSize, editor.quote.start);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const values: QuoteFormValues = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") values[name] = value;
    setLive(values);
  };
  const value = (name: string) => initial[name] ?? "";
  const lineRow = (row: number, number: number) => (
    <QuoteLineRow
      key={row}
      row={row}
      number={number}
      saved={initial}
      live={live}
      errors={errors}
      amount={amounts.get(row)}
      working={workings.get(row)}
      smallBusiness={smallBusiness}
      busy={busy}
    />
  );

  let count = 0;
  const groups = QUOTE_LINE_GROUPS.map((group) => ({
    group,
    rows: rows.filter((row) => (value(lineField(row, "group")) || "mobile") === group),
  })).filter((entry) => entry.rows.length > 0);
  const ungrouped = rows.filter((row) => !(QUOTE_LINE_GROUPS as readonly string[]).includes(value(lineField(row, "group")) || "mobile"));

  return (
    <Form method="post" preventScrollReset noValidate className="grid gap-5" onChange={onChange} data-testid="quote-editor">
      {/* Enter in a field saves the draft: the first submit button is the form's default. */}
      <button type="submit" name="intent" value={QUOTE_INTENTS.save} className="sr-only" tabIndex={-1} aria-hidden="true" />
      <ErrorSummary answer={answer} fields={controlOfMessage} />
      <section className="grid gap-3" aria-labelledby="quote-lines-heading">
        <Heading id="quote-lines-heading">Lines</Heading>
        {rows.length === 0 ? <p className="text-sm text-slate-600">No lines yet: add a tariff from the catalogue or a free line.</p> : <LineColumnHeadings />}
        {groups.map((entry) => (
          <div key={entry.group} className="grid gap-3" data-testid="quote-line-group">
            <h4 className="text-sm font-semibold text-slate-900">{QUOTE_LINE_GROUP_LABELS[entry.group]}</h4>
            {entry.rows.map((row) => lineRow(row, (count += 1)))}
          </div>
        ))}
        {ungrouped.map((row) => lineRow(row, (count += 1)))}
      </section>

      <section className="grid gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" aria-labelledby="quote-add-heading">
        <Heading id="quote-add-heading">Add a line</Heading>
        <div className="grid items-end gap-3 sm:grid-cols-[1fr_7rem_auto]">
          <Field id="quote-add-tariff" label="Add a tariff from the catalogue" error={errors[ADD_TARIFF_FIELDS.slug]}>
            {(control) => (
              <Select {...control} name={ADD_TARIFF_FIELDS.slug} defaultValue={value(ADD_TARIFF_FIELDS.slug)}>
                <option value="">Choose a tariff</option>
                {editor.tariffs.map((tariff) => (
                  <option key={tariff.slug} value={tariff.slug}>
                    {`${tariff.name} (${tariff.minLines} to ${tariff.maxLines} lines)`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="quote-add-tariff-quantity" label="Lines" error={errors[ADD_TARIFF_FIELDS.quantity]}>
            {(control) => <Input {...control} name={ADD_TARIFF_FIELDS.quantity} defaultValue={value(ADD_TARIFF_FIELDS.quantity) || "1"} inputMode="numeric" />}
          </Field>
          <IntentButton intent={QUOTE_INTENTS.addTariff} busy={busy}>
            Add tariff
          </IntentButton>
        </div>
        {editor.shortlist.length ? (
          <div className="grid gap-1.5 text-sm" data-testid="quote-shortlist">
            <p className="text-slate-700">From the visitor&apos;s shortlist:</p>
            <div className="flex flex-wrap gap-2">
              {editor.shortlist.map((offer, index) => (
                <IntentButton key={offer.slug} intent={`${QUOTE_INTENTS.addShortlist}:${index}`} busy={busy}>
                  {`Add ${offer.name} (${countOf(offer.lines, "line")})`}
                </IntentButton>
              ))}
            </div>
          </div>
        ) : null}
        <div>
          <IntentButton intent={QUOTE_INTENTS.addLine} busy={busy}>
            Add a free line
          </IntentButton>
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-customer-note" label="Note to the customer" error={errors.customerNote} className="sm:col-span-2">
          {(control) => <Textarea {...control} name="customerNote" defaultValue={value("customerNote")} rows={3} maxLength={2000} />}
        </Field>
        <Field id="quote-internal-memo" label="Internal memo (staff only)" error={errors.internalMemo} className="sm:col-span-2">
          {(control) => <Textarea {...control} name="internalMemo" defaultValue={value("internalMemo")} rows={2} maxLength={2000} />}
        </Field>
        <Field id="quote-valid-until" label="Valid until" error={errors.validUntil}>
          {(control) => <Input {...control} type="date" name="validUntil" defaultValue={value("validUntil")} />}
        </Field>
      </div>

      <QuoteTotalsList totals={totals} />
      {contractSummary ? <ContractSummaryBlock summary={contractSummary} /> : null}
      <Terms terms={editor.quote.terms} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to={leadPagePath(editor.leadId)} preventScrollReset variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" name="intent" value={QUOTE_INTENTS.save} variant="outline" disabled={busy}>
          Save draft
        </Button>
        <Button type="submit" name="intent" value={QUOTE_INTENTS.send} disabled={busy}>
          {busy ? "Saving..." : "Send to customer"}
        </Button>
      </div>
    </Form>
  );
}
