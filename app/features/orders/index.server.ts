// The server code other capabilities and the routes may use of orders; everything else in this folder is its own.
export { runRenewals, startRenewalSchedule } from "./renewals.server";
export { anonymiseOrderLines, anonymiseOrderRows, orderIdsOfLeads, ordersOfPerson, orderWords } from "./order-privacy.server";
export {
  clearPacs,
  countDuePacs,
  countOrdersWithContractsEnded,
  latestContractEnds,
  linesWithDuePacs,
  ordersWithContractsEnded,
  pacsIssuedOnOrBefore,
} from "./order-privacy-retention.server";
export { ensureOrderForQuote } from "./order-creation.server";
export { customerOrderDraft, customerOrderProgress } from "./customer-order.server";
export { answerOrderPost } from "./customer-order-action.server";
