import { json } from "@remix-run/node";
import { ModelError } from "~/platform/model-error.server";
import type { StaffOrder } from "./staff-order";

/** A change refused by field (a port date missing, a line of another order): 400 with every message by its field, as a schema's refusal is. */
export class OrderFieldErrors extends ModelError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(400, Object.values(fieldErrors)[0] ?? "Invalid order change", Object.keys(fieldErrors)[0]);
  }
}

/**
 * A change made from an older copy of the order: someone else saved first. 409, with the order as it is now, so the second person sees the first's change
 * and nothing of theirs overwrites it.
 */
export class OrderVersionConflict extends ModelError {
  constructor(readonly current: StaffOrder) {
    super(409, conflictMessage(current));
  }
}

function conflictMessage(order: Pick<StaffOrder, "lastChange">): string {
  return `Changed by ${order.lastChange.by} at ${order.lastChange.atText} since you opened it: here is the order as it is now. Make your change again if it is still needed.`;
}

/** A refused order change as the JSON routes answer it: field errors, or the current order on a conflict; any other refusal is the model's usual answer. */
export function orderRefusal(error: unknown): Response | null {
  if (error instanceof OrderFieldErrors) return json({ error: "Invalid order change", fieldErrors: error.fieldErrors }, { status: 400 });
  if (error instanceof OrderVersionConflict) return json({ error: error.message, current: error.current }, { status: 409 });
  return null;
}
