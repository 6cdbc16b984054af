import { json, redirect } from "@remix-run/node";
import { requireAdminPageUser } from "~/features/staff/index.server";
import { parseWithSchema } from "~/lib/form-submission";
import { recordId } from "~/lib/route-params";
import { foundOrNull, ModelError } from "~/platform/model-error.server";
import { readFormFields } from "~/platform/request-body.server";
import { redirectWithToast } from "~/platform/toast.server";
import { ORDER_STATUS_LABELS } from "./order-lists";
import { orderChangeSchema, ORDER_DETAIL_FIELDS, type OrderChange } from "./staff-order-schema";
import { changeOrder, getStaffOrder } from "./staff-order.server";
import { OrderFieldErrors, OrderVersionConflict } from "./staff-order-errors.server";
import { orderPagePath, type StaffOrder } from "./staff-order";
import { ORDER_FORMS, PORT_DATE_FIELD, type OrderForm, type OrderFormAnswer } from "./staff-order-forms";

/**
 * The order page's loader and its forms' action (routes admin.orders_.$id*): each form posts its fields with its intent; they are made into the JSON route's
 * change (same schema, same function), and its refusals are said again in the form's own field names.
 */

/** The order an order page (or its cancel dialog) shows, for any signed-in staff member: null when it does not exist. */
export async function orderForPage(request: Request, params: { id?: string }): Promise<StaffOrder | null> {
  await requireAdminPageUser(request, { signedOut: "login" });
  return foundOrNull(getStaffOrder(recordId(params.id)));
}

export async function loadOrderPage(request: Request, params: { id?: string }) {
  const order = await orderForPage(request, params);
  return json({ order }, { status: order ? 200 : 404 });
}

/** A form's fields as the change schema takes them: a blank choice or number is "none" (null). */
function changeFromFields(form: OrderForm, fields: Record<string, string>): Record<string, unknown> {
  const base = { version: fields.version };
  // A field the post leaves out is left as it is, never cleared.
  if (form === "details") return { ...base, ...Object.fromEntries(ORDER_DETAIL_FIELDS.flatMap((field) => (field in fields ? [[field, fields[field]]] : []))) };
  if (form === "line") {
    const line: Record<string, unknown> = { id: fields.lineId };
    for (const key of ["userName", "mobileNumber", "pac", "pacIssuedOn", "tariffName", "portDate"]) if (key in fields) line[key] = fields[key];
    for (const key of ["numberChoice", "simType", "termMonths"]) if (key in fields) line[key] = fields[key] ? fields[key] : null;
    return { ...base, lines: [line] };
  }
  const portDates = Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => (name.startsWith(`${PORT_DATE_FIELD}.`) ? [[name.slice(PORT_DATE_FIELD.length + 1), value]] : [])),
  );
  return { ...base, status: fields.status, holdReason: fields.holdReason ?? "", portDates };
}

/** The change's field names back in the form's: `lines.0.userName` is the line form's `userName`, `portDates.12` the status form's `portDate.12`. */
function formFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name.replace(/^lines\.\d+\./, "").replace(/^portDates\./, `${PORT_DATE_FIELD}.`), message]),
  );
}

const SAVED: Record<Exclude<OrderForm, "status">, string> = { details: "Customer's details saved", line: "Line saved" };

/** One of the page's forms: saved (back to the page with a toast), or the form again with why not; a change from an older copy shows the order as it is. */
export async function orderPageAction(request: Request, params: { id?: string }, confirmedStatus?: "cancelled") {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const orderId = recordId(params.id);
  const { intent, ...fields } = await readFormFields(request);
  const form = confirmedStatus ? "status" : ORDER_FORMS.find((name) => name === intent);
  if (!form) return json({ formError: "Reload the order and try again: that is not one of its forms" }, { status: 400 });
  if (confirmedStatus) fields.status = confirmedStatus;
  const values = { ...fields, pac: "" };
  const answer = (body: Omit<OrderFormAnswer, "form" | "lineId">, status: number) =>
    json<OrderFormAnswer>({ form, lineId: fields.lineId, ...body }, { status });
  // Cancelling asks first: the confirmation page (a dialog with JavaScript) posts it.
  if (form === "status" && fields.status === "cancelled" && !confirmedStatus) {
    return redirect(`${orderPagePath(orderId)}/cancel?version=${encodeURIComponent(fields.version ?? "")}`);
  }
  const parsed = parseWithSchema(orderChangeSchema, changeFromFields(form, fields));
  if (!parsed.success) return answer({ fieldErrors: formFieldErrors(parsed.fieldErrors), values }, 400);
  let order: StaffOrder;
  try {
    order = await changeOrder(user, orderId, parsed.data as OrderChange);
  } catch (error) {
    if (error instanceof OrderVersionConflict) return answer({ formError: error.message, current: error.current }, 409);
    if (error instanceof OrderFieldErrors) return answer({ fieldErrors: formFieldErrors(error.fieldErrors), values }, 400);
    if (error instanceof ModelError) return answer({ formError: error.message, values }, error.status);
    throw error;
  }
  const title = form === "status" ? `Order ${order.reference} is now ${ORDER_STATUS_LABELS[order.status]}` : SAVED[form];
  return redirectWithToast(orderPagePath(orderId), { kind: "success", title });
}
