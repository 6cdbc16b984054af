import { countOf } from "~/lib/plural";
/** The dashboard's figures, shared by the model that counts them and the charts that draw them. */

export interface FigureBar {
  label: string;
  value: number;
}

export interface LeadFigures {
  /** How many days the figures cover, ending today (UTC). */
  days: number;
  leadsPerDay: FigureBar[];
  byStatus: FigureBar[];
  bySourcePage: FigureBar[];
  byTeamSize: FigureBar[];
  /** Median minutes from a lead's arrival to staff first moving it on from New; null when none has been. */
  medianMinutesToFirstContact: number | null;
  /** How many of the period's leads staff have moved on from New. */
  contactedLeads: number;
  funnel: FigureBar[];
}

/** The quote wizard's funnel: the step each answer reached (the step posts, with and without JavaScript, are counted on the server). */
export const FUNNEL_STEPS = [
  { step: 2, label: "Chose how many handsets" },
  { step: 3, label: "Said when their contract ends" },
  { step: 4, label: "Chose their type of business" },
  { step: 5, label: "Gave their business details" },
  { step: 6, label: "Sent the quote request" },
] as const;

/** "45 min", "3 h 20 min", "2 days 4 h": a response time as staff read it. */
export function formatDuration(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  if (hours < 48) return rounded % 60 === 0 ? `${hours} h` : `${hours} h ${rounded % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? countOf(days, "day") : `${countOf(days, "day")} ${hours % 24} h`;
}
