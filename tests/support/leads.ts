import { expect } from "vitest";
import { publicClient } from "./client";

/** The Lead of SPEC section 3 ("Lead (quote request, admin view)"), by the spec's own names. */
export const SPEC_LEAD_FIELDS = [
  "id",
  "companyName",
  "firstName",
  "lastName",
  "jobTitle",
  "email",
  "phoneNumber",
  "teamSize",
  "contractLength",
  "requirements",
  "status",
  "createdAt",
  "updatedAt",
] as const;

/** A quote request sent through the public API as a visitor's page sends it, which must be stored: its id and reference. */
export async function submitQuoteRequest(server: { url: string }, quote: Record<string, unknown>): Promise<{ id: number; reference: string }> {
  const response = await publicClient(server).postJson("/api/quote-requests", quote);
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; reference: string };
}
