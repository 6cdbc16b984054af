// The server code other capabilities and the routes may use of orders; everything else in this folder is its own.
export { runRenewals, startRenewalSchedule } from "./renewals.server";
