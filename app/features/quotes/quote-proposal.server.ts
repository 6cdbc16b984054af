import { activeOwnerOf, leadOf, sentQuoteRow } from "./quote-customer.server";
import type { QuoteProposal } from "./quotes";
import { quoteDocument, toQuote } from "./quotes.server";
import { brand } from "~/platform/brand.server";
import { getDb } from "~/platform/db.server";

/**
 * The quote's PDF as a proposal: its document, the supplier's legal details, the lead's owner as the account manager (the brand's team when it has none, or
 * they have left), how to pay, and the acceptance's record once accepted; null as findCustomerQuote.
 */
export async function findQuoteProposal(token: string): Promise<QuoteProposal | null> {
  const db = await getDb();
  const row = await sentQuoteRow(db, token);
  if (!row) return null;
  const lead = await leadOf(db, row.leadId);
  const owner = await activeOwnerOf(db, lead);
  return {
    document: quoteDocument(toQuote(row), lead, brand),
    supplier: {
      legalName: brand.legalName,
      companyNumber: brand.companyNumber,
      registeredAddress: brand.address,
      vatNumber: brand.vatNumber,
      phone: brand.phone,
      email: brand.email,
    },
    accountManager: owner
      ? { name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email, phone: brand.phone }
      : { name: `The ${brand.name} team`, email: brand.email, phone: brand.phone },
    paymentInstructions: brand.paymentInstructions,
    acceptance:
      row.acceptedAt && row.acceptedName && row.acceptedRole && row.acceptedContentHash
        ? {
            fullName: row.acceptedName,
            role: row.acceptedRole,
            acceptedAt: row.acceptedAt,
            ip: row.acceptedIp,
            userAgent: row.acceptedUserAgent,
            contentHash: row.acceptedContentHash,
          }
        : null,
  };
}
