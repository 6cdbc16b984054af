import type { LeadStatus } from "./enums";

/** A lead as the leads table shows it. */
export interface LeadSummary {
  id: number;
  reference: string;
  createdAt: string;
  company: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  email: string;
  phoneNumber: string;
  teamSize: string;
  status: LeadStatus;
}

export const LEADS_PAGE_SIZE = 50;

/** Tailwind classes for each status (SPEC section 4: new blue, contacted yellow, qualified green, converted emerald, lost red). */
export const LEAD_STATUS_COLOURS: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-800 ring-blue-200",
  contacted: "bg-yellow-100 text-yellow-900 ring-yellow-200",
  qualified: "bg-green-100 text-green-800 ring-green-200",
  converted: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  lost: "bg-red-100 text-red-800 ring-red-200",
};
