import type { NumberChoice, OrderBusinessKind, OrderLineStatus, OrderStatus, SimType } from "./order-lists";

/** The order as staff see it (page and JSON): the full PAC is never in it, only its last three characters (docs/orders.md). */
export interface StaffOrder {
  id: number;
  reference: string;
  quoteId: number;
  lead: { id: number; reference: string };
  status: OrderStatus;
  holdReason: string | null;
  ownerId: string | null;
  owner: string | null;
  version: number;
  businessKind: OrderBusinessKind | null;
  businessName: string | null;
  companyNumber: string | null;
  deliveryName: string | null;
  deliveryLine1: string | null;
  deliveryLine2: string | null;
  deliveryTown: string | null;
  deliveryPostcode: string | null;
  billingName: string | null;
  billingEmail: string | null;
  billingPhone: string | null;
  earliestConnectionDate: string | null;
  createdAt: string;
  updatedAt: string;
  detailsSubmittedAt: string | null;
  liveAt: string | null;
  /** Who made the latest change and when, as "Changed by ... at ..." says it. */
  lastChange: { by: string; at: string; atText: string };
  lines: StaffOrderLine[];
  contracts: Array<{ orderLineId: number; startDate: string; endDate: string; termMonths: number; monthlyExVatPence: number }>;
}

export interface StaffOrderLine {
  id: number;
  position: number;
  tariffName: string;
  termMonths: number | null;
  monthlyExVatPence: number;
  status: OrderLineStatus;
  userName: string | null;
  numberChoice: NumberChoice | null;
  mobileNumber: string | null;
  /** Last three characters of the PAC; the PAC itself is only in the network's CSV, while held. */
  pacEnding: string | null;
  pacHeld: boolean;
  pacIssuedOn: string | null;
  pacClearedAt: string | null;
  simType: SimType | null;
  portDate: string | null;
}

/** "PAC ending 456", all that is ever shown of a PAC. */
export const pacEndingText = (ending: string | null) => (ending ? `PAC ending ${ending}` : "No PAC");

/** Whether a line moves an existing number across (and so has a port date when porting). */
export const keepsNumber = (line: Pick<StaffOrderLine, "numberChoice" | "status">) => line.numberChoice === "keep" && line.status !== "cancelled";

export const ORDERS_ADMIN_PATH = "/admin/orders";
export const orderPagePath = (id: number) => `${ORDERS_ADMIN_PATH}/${id}`;
