import type { Generated, Selectable } from "kysely";
import type { NumberChoice, OrderBusinessKind, OrderLineStatus, OrderStatus, SimType } from "./order-lists";

/** The tables this capability adds to the one database type (below). */
export interface OrderTables {
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  contracts: ContractsTable;
}

declare module "~/platform/database-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges these tables into Database
  interface Database extends OrderTables {}
}

/** One per accepted quote (migration 0026), made when the customer first opens its order page. */
export interface OrdersTable {
  id: Generated<number>;
  /** The accepted quote it completes; one order per quote. */
  quoteId: number;
  leadId: number;
  /** Shown to the customer and staff, e.g. "ORD-4K7Q2M". */
  reference: string;
  status: Generated<OrderStatus>;
  /** Why it is On hold; null otherwise. */
  holdReason: string | null;
  /** The staff member who owns it (the lead's owner when it was made); null when none. */
  ownerId: string | null;
  /** 1, 2, ...: goes up with every change, so a save made from an older copy is refused rather than lost. */
  version: Generated<number>;
  businessKind: OrderBusinessKind | null;
  businessName: string | null;
  /** Companies House number, for a limited company or LLP. */
  companyNumber: string | null;
  deliveryName: string | null;
  deliveryLine1: string | null;
  deliveryLine2: string | null;
  deliveryTown: string | null;
  /** Upper case with one space before the inward code, e.g. "SW1A 1AA". */
  deliveryPostcode: string | null;
  billingName: string | null;
  billingEmail: string | null;
  /** The billing email trimmed and lower-cased: a person is matched by it. */
  billingEmailNormalised: string | null;
  billingPhone: string | null;
  /** The billing phone as normalisePhone makes it ("07700900123"): a person is matched by it. */
  billingPhoneNormalised: string | null;
  /** YYYY-MM-DD. */
  earliestConnectionDate: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the customer submitted it complete; null while a draft. */
  detailsSubmittedAt: string | null;
  liveAt: string | null;
  /** When its personal details were cleared (retention or erasure); null while kept. */
  anonymisedAt: string | null;
}

/** One per line the customer takes: a tariff line's quantity gives that many rows. */
export interface OrderLinesTable {
  id: Generated<number>;
  orderId: number;
  /** 1, 2, ... within the order. */
  position: number;
  tariffName: string;
  termMonths: number | null;
  /** The line's monthly price ex VAT after its discounts, in pence. */
  monthlyExVatPence: number;
  status: Generated<OrderLineStatus>;
  userName: string | null;
  numberChoice: NumberChoice | null;
  /** A UK mobile number as digits in the national form, "07700900123". */
  mobileNumber: string | null;
  /** Three letters and six digits, upper case; null once cleared (live, or 30 days after issue). */
  pac: string | null;
  /** The PAC's last three characters: all that is shown after submission. */
  pacEnding: string | null;
  /** YYYY-MM-DD. */
  pacIssuedOn: string | null;
  pacClearedAt: string | null;
  simType: SimType | null;
  /** YYYY-MM-DD: when the number moves across. */
  portDate: string | null;
}

/** One per line once its order is live. */
export interface ContractsTable {
  id: Generated<number>;
  orderId: number;
  orderLineId: number;
  tariffName: string;
  termMonths: number;
  monthlyExVatPence: number;
  /** YYYY-MM-DD. */
  startDate: string;
  /** YYYY-MM-DD: the last day of the term. */
  endDate: string;
  /** The renewal lead made 90 days before the end; null until then. */
  renewalLeadId: number | null;
  /** When the renewal lead was made (the job's mark, so a second run makes none). */
  renewalDueAt: string | null;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type ContractRow = Selectable<ContractsTable>;
