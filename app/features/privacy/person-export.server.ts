import type { AdminUser } from "~/features/staff";
import { outboxRowWithoutLinks, PERSON_EXPORT_SECTIONS, type PersonExport, type PersonExportSection } from "./person-export";
import { deliveryRecipients, nothingHeldSinceErasure } from "./person-data";
import { retentionPeriodWords } from "./retention-screen";
import { brand } from "~/platform/brand.server";
import { recordAudit } from "~/features/staff/index.server";
import { deliverySettings, findPerson } from "./person-search.server";
import { erasureWithNothingHeld } from "./person-erased.server";
import { getDb } from "~/platform/db.server";
import { ModelError } from "~/platform/model-error.server";
import { retentionSettings } from "./retention.server";

/**
 * The access export (UK GDPR article 15): everything held about a person, with each kind's purpose, source, retention period (the privacy policy's words, from
 * the settings in force) and who it was sent to. It holds the person's data, not keys to it: the emails' copies carry words where their links were, and tokens
 * and hashes are left out (app/features/privacy/person-data.ts). Each download is audited, naming the register entry it answers, never the person.
 */

/** The outbox kinds whose copies belong to each section: who that kind of record was sent to. */
const SENT_WITH: Partial<Record<PersonExportSection["key"], (kind: string) => boolean>> = {
  leads: (kind) => kind.startsWith("lead."),
  quotes: (kind) => kind.startsWith("quote."),
  orders: (kind) => kind.startsWith("order."),
  contracts: (kind) => kind.startsWith("renewal."),
  enquiries: (kind) => kind.startsWith("enquiry."),
  newsletterSignups: (kind) => kind.startsWith("newsletter."),
};

export async function exportPerson(actor: AdminUser, input: { email?: string; phone?: string; request?: number }): Promise<PersonExport> {
  const db = await getDb();
  const record = await findPerson(input, db);
  // Erased, with nothing held since: there is nothing to give (the person's page says so, and offers no download).
  const erasure = await erasureWithNothingHeld(db, record);
  if (erasure) throw new ModelError(409, nothingHeldSinceErasure([input.email, input.phone].filter(Boolean).join(" / "), erasure));
  const settings = deliverySettings();
  const retention = retentionPeriodWords(retentionSettings());
  const sections = PERSON_EXPORT_SECTIONS.map((section): PersonExportSection => {
    const sentWith = SENT_WITH[section.key];
    const recipients = new Set<string>();
    if (sentWith) for (const row of record.outbox.filter((row) => sentWith(row.kind))) for (const to of deliveryRecipients(row, settings)) recipients.add(to);
    return {
      key: section.key,
      title: section.title,
      purpose: section.purpose,
      source: section.source,
      retention: retention[section.retention],
      recipients: [...recipients],
      records: section.key === "outbox" ? record.outbox.map(outboxRowWithoutLinks) : (record[section.key] as unknown[]),
    };
  });
  await recordAudit(actor, {
    action: "person.exported",
    entityType: input.request ? "dataRequest" : "person",
    entityId: input.request ?? null,
    summary: input.request ? `Downloaded a person's data for request ${input.request}` : "Downloaded a person's data",
  });
  return {
    generatedAt: new Date().toISOString(),
    controller: { name: brand.name, email: brand.email },
    searchedFor: record.query,
    onSuppressionList: record.suppressed,
    sections,
  };
}
