// What the other capabilities may use of orders (lists, types and components); everything else in this folder is its own.
// Lint refuses an import of any other file here from outside the folder (docs/decisions/017-one-folder-per-capability.md).
export { ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_LINE_STATUSES, PAC_VALID_DAYS } from "./order-lists";
export type { OrderStatus, OrderLineStatus } from "./order-lists";
export type { OrderRow, OrderLineRow, ContractRow } from "./order-tables";
export { ORDER_BUSINESS_KIND_LABELS, NUMBER_CHOICE_LABELS, SIM_TYPE_LABELS } from "./order-lists";
export { orderPagePath } from "./staff-order";
export type { OrderLineWithoutPac, PersonalOrder } from "./order-privacy";
export { CustomerOrderForm } from "./customer-order-form";
export { CustomerOrderProgress } from "./customer-order-progress";
export type { CustomerOrder, CustomerOrderDraft } from "./customer-order";
