import { ErrorSummary } from "~/ui/error-summary";
import { Field, Input } from "~/ui/field";
import { Button } from "~/ui/button";
import { ORDER_BUSINESS_KIND_LABELS } from "./order-lists";
import type { StaffOrder } from "./staff-order";
import { useOrderForm } from "./staff-order-forms";
import type { OrderDetailsChange } from "./staff-order-schema";

type DetailField = keyof OrderDetailsChange;

/** The customer's details by group, as the network's order form asks for them; each label once. */
const GROUPS: Array<{ title: string; fields: Array<{ name: DetailField; label: string; type?: string; autoComplete?: string }> }> = [
  {
    title: "Business",
    fields: [
      { name: "businessName", label: "Business name" },
      { name: "companyNumber", label: "Company number" },
    ],
  },
  {
    title: "Delivery",
    fields: [
      { name: "deliveryName", label: "Deliver to" },
      { name: "deliveryLine1", label: "Address line 1" },
      { name: "deliveryLine2", label: "Address line 2" },
      { name: "deliveryTown", label: "Town" },
      { name: "deliveryPostcode", label: "Postcode" },
    ],
  },
  {
    title: "Billing contact",
    fields: [
      { name: "billingName", label: "Name" },
      { name: "billingEmail", label: "Email", type: "email" },
      { name: "billingPhone", label: "Phone", type: "tel" },
    ],
  },
  { title: "Connection", fields: [{ name: "earliestConnectionDate", label: "Earliest connection date", type: "date" }] },
];

const fieldId = (name: string) => `order-details-${name}`;

/** The customer's details (business, delivery, billing, connection date), editable by staff as one form. */
export function OrderDetailsForm({ order, canWork }: { order: StaffOrder; canWork: boolean }) {
  const { fetcher, answer, shown, busy } = useOrderForm("details", order);
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  return (
    <section aria-labelledby="order-details-heading" className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="order-details-heading" className="text-lg font-semibold text-slate-900">
        Customer&apos;s details
      </h2>
      <p className="text-sm text-slate-700">Kind of business: {shown.businessKind ? ORDER_BUSINESS_KIND_LABELS[shown.businessKind] : "Not given"}</p>
      <fetcher.Form key={shown.version} method="post" preventScrollReset className="grid gap-5" data-testid="order-details-form">
        <ErrorSummary answer={answer} fields={fieldId} />
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={shown.version} />
        {GROUPS.map((group) => (
          <fieldset key={group.title} disabled={!canWork} className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold tracking-wide text-slate-600 uppercase">{group.title}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {group.fields.map((field) => (
                <Field key={field.name} id={fieldId(field.name)} label={field.label} error={errors[field.name]}>
                  {(control) => (
                    <Input {...control} type={field.type ?? "text"} name={field.name} defaultValue={values[field.name] ?? shown[field.name] ?? ""} />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
        ))}
        {canWork ? (
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save details"}
            </Button>
          </div>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
