import type { Migration } from "kysely";
import * as initial from "./0001_initial";
import * as auditLog from "./0002_audit_log";
import * as leadActivity from "./0003_lead_activity";
import * as leadSearch from "./0005_lead_search";
import * as outbox from "./0006_outbox";
import * as signInHardening from "./0007_sign_in_hardening";
import * as providerIdentity from "./0008_provider_identity";
import * as leadStatusCounts from "./0010_lead_status_counts";
import * as publicContentVersion from "./0011_public_content_version";
import * as leadFollowUpFigures from "./0012_lead_follow_up_figures";
import * as stockImageDimensions from "./0013_stock_image_dimensions";
import * as leadAssignment from "./0014_lead_assignment";
import * as outboxEnquiry from "./0015_outbox_enquiry";
import * as sharedRateLimits from "./0016_shared_rate_limits";
import * as confirmationEmailCounts from "./0017_confirmation_email_counts";
import * as hashedSessions from "./0018_hashed_sessions";
import * as tariffCatalogue from "./0019_tariff_catalogue";
import * as quotes from "./0020_quotes";
import * as consentAndSuppression from "./0021_consent_and_suppression";
import * as dataProtection from "./0022_data_protection";
import * as exactPersonMatching from "./0023_exact_person_matching";
import * as oneAcceptedQuotePerLead from "./0024_one_accepted_quote_per_lead";
import * as newsletterLatestSignUp from "./0025_newsletter_latest_sign_up";
import * as orders from "./0026_orders";
import * as leadAttribution from "./0027_lead_attribution";
import * as visitsAndSpend from "./0028_visits_and_spend";
import * as sourcesReportIndexes from "./0029_sources_report_indexes";
import * as renewalLeadsIndex from "./0030_renewal_leads_index";

/**
 * Every migration in order. Listed by hand so the server bundle carries them;
 * a landed migration is never edited: add a new file and a new line.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_audit_log": auditLog,
  "0003_lead_activity": leadActivity,
  "0005_lead_search": leadSearch,
  "0006_outbox": outbox,
  "0007_sign_in_hardening": signInHardening,
  "0008_provider_identity": providerIdentity,
  "0010_lead_status_counts": leadStatusCounts,
  "0011_public_content_version": publicContentVersion,
  "0012_lead_follow_up_figures": leadFollowUpFigures,
  "0013_stock_image_dimensions": stockImageDimensions,
  "0014_lead_assignment": leadAssignment,
  "0015_outbox_enquiry": outboxEnquiry,
  "0016_shared_rate_limits": sharedRateLimits,
  "0017_confirmation_email_counts": confirmationEmailCounts,
  "0018_hashed_sessions": hashedSessions,
  "0019_tariff_catalogue": tariffCatalogue,
  "0020_quotes": quotes,
  "0021_consent_and_suppression": consentAndSuppression,
  "0022_data_protection": dataProtection,
  "0023_exact_person_matching": exactPersonMatching,
  "0024_one_accepted_quote_per_lead": oneAcceptedQuotePerLead,
  "0025_newsletter_latest_sign_up": newsletterLatestSignUp,
  "0026_orders": orders,
  "0027_lead_attribution": leadAttribution,
  "0028_visits_and_spend": visitsAndSpend,
  "0029_sources_report_indexes": sourcesReportIndexes,
  "0030_renewal_leads_index": renewalLeadsIndex,
};
