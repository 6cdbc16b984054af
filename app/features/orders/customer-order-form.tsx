import type { ReactNode } from "react";
import { LIMITS, type FieldRules } from "~/lib/form-fields";
import { formatPounds } from "~/lib/money";
import { Button } from "~/ui/button";
import { ErrorSummary } from "~/ui/error-summary";
import { HoneypotField } from "~/ui/field";
import { usePublicForm } from "~/ui/use-public-form";
import type { CustomerOrderDraft, CustomerOrderLine } from "./customer-order";
import { OrderRadios, OrderSelectField, OrderTextField, orderControlId, type OrderFormState } from "./customer-order-fields";
import { NUMBER_CHOICE_LABELS, NUMBER_CHOICES, ORDER_BUSINESS_KIND_LABELS, ORDER_BUSINESS_KINDS, SIM_TYPE_LABELS, SIM_TYPES } from "./order-lists";
import { LINE_COUNT_FIELD, lineFieldName, ORDER_SECTION_TITLES, type OrderIntent, type OrderSection } from "./customer-order";

/**
 * The customer's order form: a plain form post per section that saves a draft (without JavaScript the page comes back with it saved; with it, a fetcher posts
 * it without a reload), then "Submit order", which checks everything saved is complete. One answer serves them all: its messages show at their fields and in
 * the error summary at the top.
 */

const NO_RULES: FieldRules = {};
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => [value, labels[value]] as [string, string]);

export function CustomerOrderForm({ draft, action, today }: { draft: CustomerOrderDraft; action: string; today: string }) {
  const form = usePublicForm("customer-order", "order", NO_RULES);
  const answer = form.answer;
  const state: OrderFormState = {
    valueOf: (name) => answer?.values?.[name] ?? draft.values[name] ?? "",
    errorOf: (name) => answer?.fieldErrors?.[name],
  };
  const posting = form.busy ? (form.fetcher.formData?.get("intent") as OrderIntent | null) : null;
  const sectionProps = { Form: form.fetcher.Form, action, posting, disabled: form.busy };

  return (
    <div className="grid gap-8">
      <ErrorSummary answer={answer} fields={(name) => (name === LINE_COUNT_FIELD ? undefined : orderControlId(name))} />
      <Section
        {...sectionProps}
        section="lines"
        saveLabel="Save lines"
        intro="For each line: who will use it, whether they keep their current number (with its PAC, which their network gives them by text when they text PAC to 65075) or take a new one, and a SIM card or an eSIM."
      >
        <input type="hidden" name={LINE_COUNT_FIELD} value={String(draft.lines.length)} />
        <ol className="grid gap-4">
          {draft.lines.map((line) => (
            <OrderLineCard key={line.position} line={line} state={state} today={today} />
          ))}
        </ol>
      </Section>
      <Section {...sectionProps} section="business" saveLabel="Save business details">
        <OrderSelectField
          state={state}
          name="businessKind"
          label="Kind of business"
          options={options(ORDER_BUSINESS_KINDS, ORDER_BUSINESS_KIND_LABELS)}
          required
        />
        <OrderTextField
          state={state}
          name="companyNumber"
          label="Company number"
          hint="For a limited company or LLP: the 8 characters Companies House gives it, like 01234567 or SC123456."
          maxLength={12}
        />
        <OrderTextField state={state} name="businessName" label="Business name" required autoComplete="organization" />
      </Section>
      <Section {...sectionProps} section="delivery" saveLabel="Save delivery address" intro="Where we send the SIM cards.">
        <OrderTextField state={state} name="deliveryName" label="For the attention of" required maxLength={LIMITS.name} autoComplete="name" />
        <OrderTextField state={state} name="deliveryLine1" label="Address line 1" required autoComplete="address-line1" />
        <OrderTextField state={state} name="deliveryLine2" label="Address line 2 (optional)" autoComplete="address-line2" />
        <OrderTextField state={state} name="deliveryTown" label="Town or city" required maxLength={LIMITS.name} autoComplete="address-level2" />
        <OrderTextField state={state} name="deliveryPostcode" label="Postcode" required maxLength={LIMITS.postcode} autoComplete="postal-code" />
      </Section>
      <Section {...sectionProps} section="billing" saveLabel="Save billing and connection">
        <OrderTextField state={state} name="billingName" label="Billing contact's name" required maxLength={LIMITS.name} autoComplete="name" />
        <OrderTextField state={state} name="billingEmail" label="Billing email" required type="email" maxLength={LIMITS.email} autoComplete="email" />
        <OrderTextField state={state} name="billingPhone" label="Billing phone" required type="tel" maxLength={LIMITS.phone} autoComplete="tel" />
        <OrderTextField
          state={state}
          name="earliestConnectionDate"
          label="Earliest connection date"
          hint="The first day the lines may go live. Every PAC must still be valid on this day."
          required
          type="date"
          min={today}
        />
      </Section>
      <form.fetcher.Form method="post" action={action} id="order-submit" className="grid scroll-mt-4 gap-3 rounded-xl bg-slate-50 p-4 sm:p-6">
        <h2 className="text-xl font-bold text-slate-900">Submit your order</h2>
        <p className="text-sm text-slate-700">
          We check that every section is saved and complete. Once submitted, the order can only be changed by calling or emailing us.
        </p>
        <HoneypotField formId="order-submit" />
        <input type="hidden" name="intent" value="submit" />
        <div>
          <Button type="submit" size="lg" disabled={form.busy}>
            {posting === "submit" ? "Submitting..." : "Submit order"}
          </Button>
        </div>
      </form.fetcher.Form>
    </div>
  );
}

interface SectionProps {
  Form: ReturnType<typeof usePublicForm>["fetcher"]["Form"];
  action: string;
  posting: OrderIntent | null;
  disabled: boolean;
  section: OrderSection;
  intro?: string;
  saveLabel: string;
  children: ReactNode;
}

/** One section as its own form post, saving a draft of its answers. */
function Section({ Form, action, posting, disabled, section, intro, saveLabel, children }: SectionProps) {
  return (
    <Form
      method="post"
      action={action}
      id={`order-${section}`}
      aria-labelledby={`order-${section}-title`}
      className="relative grid scroll-mt-4 gap-5 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <h2 id={`order-${section}-title`} className="text-xl font-bold text-slate-900">
        {ORDER_SECTION_TITLES[section]}
      </h2>
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      <HoneypotField formId={`order-${section}`} />
      <input type="hidden" name="intent" value={`save-${section}`} />
      {children}
      <div>
        <Button type="submit" variant="outline" size="lg" disabled={disabled}>
          {posting === `save-${section}` ? "Saving..." : saveLabel}
        </Button>
      </div>
    </Form>
  );
}

/** One line as a card: its tariff, then its user, number and SIM. */
function OrderLineCard({ line, state, today }: { line: CustomerOrderLine; state: OrderFormState; today: string }) {
  const name = (field: Parameters<typeof lineFieldName>[1]) => lineFieldName(line.position, field);
  return (
    <li className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4" data-order-line={line.position}>
      <h3 className="font-semibold text-slate-900">
        Line {line.position}: {line.tariffName}
        <span className="block text-sm font-normal text-slate-600">
          {formatPounds(line.monthlyExVatPence)} a month ex VAT{line.termMonths ? `, ${line.termMonths} months` : ""}
        </span>
      </h3>
      <OrderTextField state={state} name={name("userName")} label="User's name" required maxLength={LIMITS.name} />
      <OrderRadios state={state} name={name("numberChoice")} legend="Number" options={options(NUMBER_CHOICES, NUMBER_CHOICE_LABELS)} />
      <div className="grid gap-4 rounded-md bg-slate-50 p-3 sm:grid-cols-3">
        <p className="text-xs text-slate-600 sm:col-span-3">Only when keeping a number:</p>
        <OrderTextField state={state} name={name("mobileNumber")} label="Mobile number" type="tel" maxLength={20} autoComplete="off" />
        <OrderTextField state={state} name={name("pac")} label="PAC" hint="Like ABC123456" maxLength={12} autoComplete="off" />
        <OrderTextField state={state} name={name("pacIssuedOn")} label="PAC issued on" type="date" max={today} />
      </div>
      <OrderRadios state={state} name={name("simType")} legend="SIM or eSIM" options={options(SIM_TYPES, SIM_TYPE_LABELS)} />
    </li>
  );
}
