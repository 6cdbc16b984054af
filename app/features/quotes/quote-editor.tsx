import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button, ButtonLink } from "~/ui/button";
import { Field, Input, Select, Textarea } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { ContractSummaryBlock, Heading, QuoteTotalsList, Terms, type QuoteEditorData } from "./quote-view";
import { CONTRACT_SUMMARY_WORDS, LONG_TERM_MONTHS } from "./quote-contract-summary";
import {
  ADD_TARIFF_FIELDS,
  leadPagePath,
  lineField,
  previewQuoteLines,
  QUOTE_DISCOUNT_KIND_LABELS,
  QUOTE_DISCOUNT_KINDS,
  QUOTE_INTENTS,
  quoteFormRows,
  type QuoteFormErrors,
  type QuoteFormValues,
  type QuoteLineField,
} from "./quote-form";
import { QUOTE_CHARGE_LABELS, QUOTE_CHARGES, QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS } from "./quotes";
import { priceQuote } from "./quote-prices";

function IntentButton({
  intent,
  children,
  variant = "outline",
  busy,
}: {
  intent: string;
  children: ReactNode;
  variant?: "outline" | "primary" | "ghost";
  busy: boolean;
}) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant} size="sm" disabled={busy}>
      {children}
    </Button>
  );
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
  const totals = priceQuote(previewQuoteLines(live, editor.quote.lines), editor.quote.start);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const values: QuoteFormValues = {};
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string") values[name] = value;
    setLive(values);
  };
  const value = (name: string) => initial[name] ?? "";
  const id = (row: number, field: QuoteLineField) => `quote-line-${row}-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const lineError = (row: number, field: string) => errors[`lines.${row}.${field}`];

  const lineRow = (row: number, number: number) => {
    const slug = value(lineField(row, "tariffSlug"));
    const term = Number(live[lineField(row, "termMonths")] ?? "");
    const long = smallBusiness && live[lineField(row, "charge")] !== "one_off" && term > LONG_TERM_MONTHS;
    return (
      <fieldset key={row} className="grid gap-3 rounded-lg border border-slate-200 p-3" data-testid="quote-line" data-row={row}>
        <legend className="px-1 text-sm font-semibold text-slate-900">
          Line {number}
          {slug ? <span className="ml-2 text-xs font-normal text-slate-600">{`From the catalogue: ${slug}`}</span> : null}
        </legend>
        <input type="hidden" name={lineField(row, "tariffSlug")} value={slug} />
        {value(lineField(row, "carried")) ? <input type="hidden" name={lineField(row, "carried")} value={value(lineField(row, "carried"))} /> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={id(row, "group")} label="Group" error={lineError(row, "group")}>
            {(control) => (
              <Select {...control} name={lineField(row, "group")} defaultValue={value(lineField(row, "group"))}>
                {QUOTE_LINE_GROUPS.map((group) => (
                  <option key={group} value={group}>
                    {QUOTE_LINE_GROUP_LABELS[group]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id(row, "description")} label="Description" error={lineError(row, "description")}>
            {(control) => <Input {...control} name={lineField(row, "description")} defaultValue={value(lineField(row, "description"))} maxLength={200} />}
          </Field>
          <Field id={id(row, "quantity")} label="Quantity" error={lineError(row, "quantity")}>
            {(control) => <Input {...control} name={lineField(row, "quantity")} defaultValue={value(lineField(row, "quantity"))} inputMode="numeric" />}
          </Field>
          <Field id={id(row, "unitPrice")} label="Unit price ex VAT (£)" error={lineError(row, "unitPriceExVatPence")}>
            {(control) => (
              <Input
                {...control}
                name={lineField(row, "unitPrice")}
                defaultValue={value(lineField(row, "unitPrice"))}
                inputMode="decimal"
                placeholder="12.50"
              />
            )}
          </Field>
          <Field id={id(row, "charge")} label="Charge" error={lineError(row, "charge")}>
            {(control) => (
              <Select {...control} name={lineField(row, "charge")} defaultValue={value(lineField(row, "charge"))}>
                {QUOTE_CHARGES.map((charge) => (
                  <option key={charge} value={charge}>
                    {QUOTE_CHARGE_LABELS[charge]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            id={id(row, "termMonths")}
            label="Term (months)"
            hint={long ? CONTRACT_SUMMARY_WORDS.longTermWarning : "Monthly lines only; blank for a one-off."}
            error={lineError(row, "termMonths")}
          >
            {(control) => <Input {...control} name={lineField(row, "termMonths")} defaultValue={value(lineField(row, "termMonths"))} inputMode="numeric" />}
          </Field>
          <Field id={id(row, "discountKind")} label="Discount" error={lineError(row, "discountKind")}>
            {(control) => (
              <Select {...control} name={lineField(row, "discountKind")} defaultValue={value(lineField(row, "discountKind")) || "none"}>
                {QUOTE_DISCOUNT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {QUOTE_DISCOUNT_KIND_LABELS[kind]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id(row, "discount")} label="Discount (% or £ off the line)" error={lineError(row, "discount")}>
            {(control) => <Input {...control} name={lineField(row, "discount")} defaultValue={value(lineField(row, "discount"))} inputMode="decimal" />}
          </Field>
          <Field id={id(row, "discountReason")} label="Reason for the discount" error={lineError(row, "discountReason")} className="sm:col-span-2">
            {(control) => <Input {...control} name={lineField(row, "discountReason")} defaultValue={value(lineField(row, "discountReason"))} maxLength={200} />}
          </Field>
        </div>
        <div className="flex justify-end">
          <IntentButton intent={`${QUOTE_INTENTS.removeLine}:${row}`} variant="ghost" busy={busy}>
            Remove line {number}
          </IntentButton>
        </div>
      </fieldset>
    );
  };

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
      {answer?.formError ? <FormAlert>{answer.formError}</FormAlert> : null}
      <section className="grid gap-3" aria-labelledby="quote-lines-heading">
        <Heading id="quote-lines-heading">Lines</Heading>
        {rows.length === 0 ? <p className="text-sm text-slate-600">No lines yet: add a tariff from the catalogue or a free line.</p> : null}
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
                  {`Add ${offer.name} (${offer.lines} ${offer.lines === 1 ? "line" : "lines"})`}
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
      {editor.contractSummary ? <ContractSummaryBlock summary={editor.contractSummary} /> : null}
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
