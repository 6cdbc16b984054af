import type { ReactNode } from "react";
import { Button } from "~/ui/button";
import { Field, Input, Select } from "~/ui/field";
import { cn } from "~/lib/cn";
import { controlId } from "~/lib/form-fields";
import { formatPounds } from "~/lib/money";
import { CONTRACT_SUMMARY_WORDS, LONG_TERM_MONTHS } from "./quote-contract-summary";
import {
  lineField,
  QUOTE_DISCOUNT_KIND_LABELS,
  QUOTE_DISCOUNT_KINDS,
  QUOTE_INTENTS,
  type QuoteDiscountKind,
  type QuoteFormErrors,
  type QuoteFormValues,
  type QuoteLineField,
} from "./quote-form";
import { QUOTE_CHARGE_LABELS, QUOTE_CHARGES, QUOTE_LINE_GROUP_LABELS, QUOTE_LINE_GROUPS, type QuoteLineGroup } from "./quotes";

/** The columns of a line's row on a wide screen, shared by the headings above the rows. */
const LINE_COLUMNS = "md:grid-cols-[minmax(0,1fr)_4.5rem_6.5rem_7.5rem_5rem_6.5rem_5.5rem]";

/** Column headings over the rows on a wide screen; each field keeps its own label for screen readers, so these are hidden from them. */
export function LineColumnHeadings() {
  return (
    <div aria-hidden="true" className={cn("hidden gap-2 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid", LINE_COLUMNS)}>
      <span>Description</span>
      <span>Quantity</span>
      <span>Unit ex VAT</span>
      <span>Charge</span>
      <span>Months</span>
      <span className="text-right">Amount</span>
      <span />
    </div>
  );
}

export function IntentButton({
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

const id = (row: number, field: QuoteLineField) => controlId(`quote-line-${row}`, field);

/**
 * One line of the draft: a compact row under the column headings on a wide screen, a card with its labels on a phone. `saved` is what the form was drawn
 * with (the controls' defaults), `live` what is typed now; `amount` is the line's figure from the price module (undefined while the line does not read).
 */
export function QuoteLineRow({
  row,
  number,
  saved,
  live,
  errors,
  amount,
  working,
  smallBusiness,
  busy,
}: {
  row: number;
  number: number;
  saved: QuoteFormValues;
  live: QuoteFormValues;
  errors: QuoteFormErrors;
  amount: number | undefined;
  /** How the amount is made and the line's rises, as the customer will read them. */
  working: { steps: string[]; priceRises: string[] } | undefined;
  smallBusiness: boolean;
  busy: boolean;
}) {
  const value = (name: string) => saved[name] ?? "";
  const lineError = (field: string) => errors[`lines.${row}.${field}`];
  const slug = value(lineField(row, "tariffSlug"));
  const term = Number(live[lineField(row, "termMonths")] ?? "");
  const monthly = live[lineField(row, "charge")] !== "one_off";
  const long = smallBusiness && monthly && term > LONG_TERM_MONTHS;
  const discountKind = (live[lineField(row, "discountKind")] || "none") as QuoteDiscountKind;
  const group = (live[lineField(row, "group")] || "mobile") as QuoteLineGroup;
  const moreErrors = ["group", "discountKind", "discount", "discountReason"].some((field) => lineError(field));
  // Group and discount are set on a few lines only: folded, and open where they are set, wrong, or the line is new.
  const moreOpen = moreErrors || value(lineField(row, "discountKind")) !== "none" || !value(lineField(row, "description"));
  const cell = "md:sr-only";
  return (
    <fieldset
      key={row}
      className={cn(
        "grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 md:items-start md:gap-2 md:rounded-none md:border-0 md:border-t md:px-0 md:py-2",
        LINE_COLUMNS,
      )}
      data-testid="quote-line"
      data-row={row}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900 md:sr-only">
        Line {number}
        {slug ? <span className="ml-2 text-xs font-normal text-slate-600">{`From the catalogue: ${slug}`}</span> : null}
      </legend>
      <input type="hidden" name={lineField(row, "tariffSlug")} value={slug} />
      {value(lineField(row, "carried")) ? <input type="hidden" name={lineField(row, "carried")} value={value(lineField(row, "carried"))} /> : null}
      <Field id={id(row, "description")} label="Description" labelClassName={cell} error={lineError("description")} className="col-span-2 md:col-span-1">
        {(control) => <Input {...control} name={lineField(row, "description")} defaultValue={value(lineField(row, "description"))} maxLength={200} />}
      </Field>
      <Field id={id(row, "quantity")} label="Quantity" labelClassName={cell} error={lineError("quantity")}>
        {(control) => <Input {...control} name={lineField(row, "quantity")} defaultValue={value(lineField(row, "quantity"))} inputMode="numeric" />}
      </Field>
      <Field id={id(row, "unitPrice")} label="Unit price ex VAT (£)" labelClassName={cell} error={lineError("unitPriceExVatPence")}>
        {(control) => (
          <Input {...control} name={lineField(row, "unitPrice")} defaultValue={value(lineField(row, "unitPrice"))} inputMode="decimal" placeholder="12.50" />
        )}
      </Field>
      <Field id={id(row, "charge")} label="Charge" labelClassName={cell} error={lineError("charge")}>
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
        labelClassName={cell}
        hint={long ? CONTRACT_SUMMARY_WORDS.longTermWarning : monthly ? undefined : "Blank for a one-off."}
        error={lineError("termMonths")}
      >
        {(control) => <Input {...control} name={lineField(row, "termMonths")} defaultValue={value(lineField(row, "termMonths"))} inputMode="numeric" />}
      </Field>
      <p className="grid content-start gap-0.5 text-sm md:h-11 md:content-center md:text-right" data-testid="quote-line-amount">
        <span className="font-medium text-slate-800 md:sr-only">Amount</span>
        <span className="font-semibold text-slate-900 tabular-nums">{amount === undefined ? "–" : formatPounds(amount)}</span>
        <span className="text-xs text-slate-600">{amount === undefined ? "check the line" : monthly ? "a month" : "one-off"}</span>
      </p>
      <div className="flex items-end justify-end md:h-11 md:items-center">
        <IntentButton intent={`${QUOTE_INTENTS.removeLine}:${row}`} variant="ghost" busy={busy}>
          Remove<span className="sr-only">{` line ${number}`}</span>
        </IntentButton>
      </div>
      {working && (working.steps.length > 1 || working.priceRises.length > 0) ? (
        <p className="col-span-2 text-xs text-slate-600 md:col-span-7" data-testid="quote-line-working">
          {[...working.steps, ...working.priceRises].join(" · ")}
        </p>
      ) : null}
      <details className="col-span-2 rounded-md text-sm md:col-span-7" open={moreOpen}>
        <summary className="cursor-pointer py-0.5 text-slate-700 hover:text-slate-900">
          {`Group and discount: ${QUOTE_LINE_GROUP_LABELS[group] ?? group}, ${discountKind === "none" ? "no discount" : "discounted"}`}
        </summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 md:grid-cols-[10rem_8rem_13rem_minmax(0,1fr)] md:items-start">
          <Field id={id(row, "group")} label="Group" error={lineError("group")}>
            {(control) => (
              <Select {...control} name={lineField(row, "group")} defaultValue={value(lineField(row, "group"))}>
                {QUOTE_LINE_GROUPS.map((choice) => (
                  <option key={choice} value={choice}>
                    {QUOTE_LINE_GROUP_LABELS[choice]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id(row, "discountKind")} label="Discount" error={lineError("discountKind")}>
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
          <Field id={id(row, "discount")} label="Discount (% or £ off the line)" error={lineError("discount")}>
            {(control) => <Input {...control} name={lineField(row, "discount")} defaultValue={value(lineField(row, "discount"))} inputMode="decimal" />}
          </Field>
          <Field id={id(row, "discountReason")} label="Reason for the discount" error={lineError("discountReason")}>
            {(control) => <Input {...control} name={lineField(row, "discountReason")} defaultValue={value(lineField(row, "discountReason"))} maxLength={200} />}
          </Field>
        </div>
      </details>
    </fieldset>
  );
}
