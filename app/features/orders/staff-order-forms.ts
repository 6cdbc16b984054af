import { useActionData, useFetcher } from "@remix-run/react";
import type { StaffOrder } from "./staff-order";

/** The order page's forms, each posted with its name as `intent`. */
export const ORDER_FORMS = ["status", "details", "line"] as const;
export type OrderForm = (typeof ORDER_FORMS)[number];

/** The status form's port date field of a line: `portDate.{lineId}`. */
export const PORT_DATE_FIELD = "portDate";

/** A form's answer short of a redirect: its messages by field and what was typed; on a conflict, why and the order as it now is. */
export interface OrderFormAnswer {
  form: OrderForm;
  /** The line form's line. */
  lineId?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  formError?: string;
  current?: StaffOrder;
}

/**
 * One form of the order page: a fetcher with JavaScript (the page stays put), a page post without (the action's answer). Gives its answer and the order to
 * show: after a conflict, the order as it now is, so what the other person saved is what the form shows.
 */
export function useOrderForm(form: OrderForm, order: StaffOrder, lineId?: number) {
  const fetcher = useFetcher<OrderFormAnswer>({ key: `order-${order.id}-${form}${lineId === undefined ? "" : `-${lineId}`}` });
  const posted = useActionData<OrderFormAnswer>();
  const own = (answer: OrderFormAnswer | undefined) => answer && answer.form === form && (lineId === undefined || answer.lineId === String(lineId));
  const answer = own(fetcher.data) ? fetcher.data : own(posted) ? posted : undefined;
  const shown = answer?.current && answer.current.version > order.version ? answer.current : order;
  return { fetcher, answer, shown, busy: fetcher.state !== "idle" };
}
