// What the other capabilities may use of orders (lists, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_LINE_STATUSES, PAC_VALID_DAYS } from "./order-lists";
export type { OrderStatus, OrderLineStatus } from "./order-lists";
export type { OrderRow, OrderLineRow, ContractRow } from "./order-tables";
