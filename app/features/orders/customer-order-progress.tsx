import { formatCalendarDay } from "~/lib/calendar";
import { buttonClasses } from "~/ui/button";
import { Link } from "@remix-run/react";
import { lineNumberWords, type CustomerOrder } from "./customer-order";
import { ORDER_STATUS_LABELS, SIM_TYPE_LABELS } from "./order-lists";

/**
 * What the accepted quote's page says of its order: "Complete your order" while the customer still has details to give, then the order's progress: its
 * status and, per line, its user, number (a PAC only by its last three characters), status and port date.
 */
export function CustomerOrderProgress({ order, orderHref }: { order: CustomerOrder | null; orderHref: string }) {
  if (!order || !order.detailsSubmittedAt) {
    return (
      <section aria-labelledby="complete-order-title" className="grid gap-3 rounded-xl border-2 border-brand-600 p-4 sm:p-6" data-complete-order>
        <h2 id="complete-order-title" className="text-xl font-bold text-slate-900">
          Next: your order{order ? ` ${order.reference}` : ""}
        </h2>
        <p className="text-sm text-slate-700">
          Tell us who uses each line, which numbers to keep, and where to send the SIMs. You can save as you go and come back to this link to finish.
        </p>
        <div>
          <Link to={orderHref} className={buttonClasses("primary", "lg")}>
            Complete your order
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-progress-title" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-6" data-order-progress>
      <div>
        <h2 id="order-progress-title" className="text-xl font-bold text-slate-900">
          Your order {order.reference}
        </h2>
        <p className="mt-1 text-slate-700">
          Status: <strong data-order-status>{ORDER_STATUS_LABELS[order.status]}</strong>
          {order.status === "on_hold" && order.holdReason ? ` (${order.holdReason})` : ""}
        </p>
      </div>
      <ol className="grid gap-3 sm:grid-cols-2">
        {order.lines.map((line) => (
          <li key={line.position} className="grid gap-1 rounded-lg border border-slate-200 p-3 text-sm text-slate-700" data-order-progress-line={line.position}>
            <p className="font-semibold break-words text-slate-900">
              Line {line.position}: {line.userName}
            </p>
            <p className="break-words">{line.tariffName}</p>
            <p data-line-number>{lineNumberWords(line)}</p>
            <p>{line.simType ? SIM_TYPE_LABELS[line.simType] : null}</p>
            <p>
              Status: <span data-line-status>{ORDER_STATUS_LABELS[line.status]}</span>
            </p>
            {line.numberChoice === "keep" ? <p>Port date: {line.portDate ? formatCalendarDay(line.portDate) : "to be arranged"}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
