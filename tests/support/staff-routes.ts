import fs from "node:fs";
import path from "node:path";
import { can, type Permission } from "~/features/staff/permissions";
import { ADD_TARIFF_FIELDS, NEW_LINE_QUERY } from "~/features/quotes/quote-form";
import { tariffFormValues } from "~/features/tariffs/tariff-form-fields";
import type { BodyKind } from "./malformed";
import { tariffInput } from "./tariffs";

/**
 * Every staff route file (`app/routes/admin*`), with what its loader reads from
 * the query string and what its writes read from the body, for the malformed
 * input tests. A route file that is not here fails those tests: a new staff
 * route needs its probes.
 */

/** Who sends a probe: signed out, or signed in with one of the roles. */
export type Who = "signedOut" | "manager" | "admin" | "super_admin";
export const EVERYONE: Who[] = ["signedOut", "manager", "admin", "super_admin"];

/**
 * A record a route's `:id` names; a fresh one is made for every write that may remove or change it.
 * A `leadQuote` is a draft quote named under its lead's address: `{lead id}/quotes/{quote id}`.
 */
export type RecordKind =
  "lead" | "enquiry" | "signup" | "stockImage" | "testimonial" | "tariff" | "user" | "quote" | "leadQuote" | "dataRequest" | "order" | "spend";

/** Who may use a route: a permission of a signed-in role, or "anyone" (sign-in screens, public images, redirects). */
export type Access = Permission | "anyone";

export interface StaffWrite {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  access: Access;
  body: BodyKind;
  /** The fields it reads. */
  fields: string[];
  /** A submission that would pass, when there is one: each field is broken in turn. Values may name a fixture. */
  valid?: Record<string, string | ((ids: Record<RecordKind, string>) => string)>;
  /** Tables its refusals write to on purpose (a wrong current password is counted like a failed sign-in). */
  refusalsMayWrite?: string[];
}

export interface StaffRoute {
  /** The URL, `:id` standing for a record of `record`'s kind. */
  path: string;
  record?: RecordKind;
  /** How it refuses: a page redirects (with a toast), a JSON route answers 401/403. */
  answers: "page" | "json";
  /** Where a page sends a signed-out visitor. */
  signedOut?: "/admin" | "/admin/api/login";
  /** Who may GET it. */
  view: Access;
  /** An allowed GET's status: 200 unless said; `missing` with an id that names no record (404 unless said). */
  viewStatus?: number;
  missingStatus?: number;
  /** The query parameters its loader reads. */
  query?: string[];
  /** An allowed GET's status with a query it cannot read: 200 unless said (a list ignores a value it does not know; a report answers 400 with field errors). */
  badQueryStatus?: number;
  writes?: StaffWrite[];
  /** Why a write it has is not probed here. */
  writesProbedElsewhere?: string;
}

const LIST_QUERY = ["q", "page"];
/** Find a person and its downloads, erasure and objection: `?email=&phone=` (and the register entry answered). */
const PERSON_QUERY = ["email", "phone", "request"];
const LEAD_QUERY = ["q", "status", "assigned", "page"];
const QUOTE_LIST_QUERY = ["q", "status", "owner", "expiring", "page"];
const ORDER_LIST_QUERY = ["q", "status", "owner", "page"];
/** The order page's details form that would pass (made from version 1 of a fresh order). */
const VALID_ORDER_DETAILS = {
  intent: "details",
  version: "1",
  businessName: "Probe Orders Ltd",
  deliveryPostcode: "SW1A 1AA",
  billingEmail: "probe@example.co.uk",
};
const TESTIMONIAL_FIELDS = ["name", "company", "position", "content", "date", "rating", "featured"];
const VALID_TESTIMONIAL = {
  name: "Pat Probe",
  company: "Probe Ltd",
  position: "Owner",
  content: "Fine service.",
  date: "June 1, 2025",
  rating: "5",
  featured: "on",
};
/** The request register: a request that would pass (received in the past, so any day the tests run). */
const DATA_REQUEST_LIST_QUERY = ["status", "overdue", "page"];
const VALID_DATA_REQUEST = { kind: "erasure", receivedOn: "2026-01-15", contact: "probe.person@example.co.uk", handledBy: "", notes: "By email" };
const DATA_REQUEST_FIELDS = Object.keys(VALID_DATA_REQUEST);
const DATA_REQUEST_CHANGE_FIELDS = ["status", "handledBy", "notes"];
const TARIFF_LIST_QUERY = ["q", "network", "status", "serviceType", "stale", "page"];
/** The add and edit dialogs' form for a tariff that would pass (ticks as "on"). */
const VALID_TARIFF_FORM = Object.fromEntries(
  Object.entries(tariffFormValues(tariffInput({ slug: "probe-tariff" }))).filter((entry): entry is [string, string] => entry[1] !== undefined),
);
const TARIFF_FORM_FIELDS = Object.keys(VALID_TARIFF_FORM);
/** A tariff's fields in the staff JSON (POST and PATCH /admin/api/tariffs). */
const TARIFF_FIELDS = Object.keys(tariffInput());
/** The quote editor's form for a one-line draft that would pass, saved as the draft (`intent=save`). */
const VALID_QUOTE_EDITOR_FORM: Record<string, string> = {
  intent: "save",
  "lines.0.group": "hardware",
  "lines.0.description": "Desk phone",
  "lines.0.quantity": "2",
  "lines.0.unitPrice": "49.99",
  "lines.0.charge": "one_off",
  "lines.0.discountKind": "amount",
  "lines.0.discount": "5.00",
  "lines.0.discountReason": "Launch offer",
  customerNote: "As discussed",
  internalMemo: "Call back",
  validUntil: "2099-12-31",
};
const QUOTE_EDITOR_FIELDS = [...Object.keys(VALID_QUOTE_EDITOR_FORM), ADD_TARIFF_FIELDS.slug, ADD_TARIFF_FIELDS.quantity];
const none = (access: Access, method: StaffWrite["method"] = "POST"): StaffWrite => ({ method, access, body: "none", fields: [] });
const page = (path: string, view: Access, signedOut: "/admin" | "/admin/api/login", more: Partial<StaffRoute> = {}): StaffRoute => ({
  path,
  answers: "page",
  view,
  signedOut,
  ...more,
});
const api = (path: string, view: Access, more: Partial<StaffRoute> = {}): StaffRoute => ({ path, answers: "json", view, ...more });
/** A change to one user over JSON, by a super admin: PUT only, so a GET is 405 whether or not the id names a user. */
const userChange = (path: string, write: StaffWrite = none("manageUsers", "PUT")): StaffRoute =>
  api(path, "view", { record: "user", viewStatus: 405, missingStatus: 405, writes: [write] });

export const STAFF_ROUTES: Record<string, StaffRoute> = {
  // The frame around every staff page: its loader runs with each of theirs.
  "admin.tsx": page("/admin/dashboard", "view", "/admin"),
  "admin._index.tsx": page("/admin", "anyone", "/admin"),
  "admin.$.tsx": page("/admin/no-such-screen", "view", "/admin", { viewStatus: 404 }),
  "admin.account.password.tsx": page("/admin/account/password", "view", "/admin", {
    writes: [
      {
        method: "POST",
        access: "view",
        body: "form",
        fields: ["currentPassword", "newPassword", "confirmPassword"],
        // A wrong current password: the refusal is counted like a failed sign-in, and the account stays as it is.
        valid: { currentPassword: "not-the-password-1", newPassword: "a-new-long-password-1", confirmPassword: "a-new-long-password-1" },
        refusalsMayWrite: ["signInThrottle"],
      },
    ],
  }),
  "admin.api.auth.user.ts": api("/admin/api/auth/user", "view"),
  "admin.api.callback.ts": page("/admin/api/callback", "anyone", "/admin", { query: ["code", "state"] }),
  "admin.api.data-requests.ts": api("/admin/api/data-requests", "manageDataProtection", {
    query: DATA_REQUEST_LIST_QUERY,
    writes: [{ method: "POST", access: "manageDataProtection", body: "json", fields: DATA_REQUEST_FIELDS }],
  }),
  "admin.api.data-requests.$id.ts": api("/admin/api/data-requests/:id", "manageDataProtection", {
    record: "dataRequest",
    writes: [{ method: "PATCH", access: "manageDataProtection", body: "json", fields: DATA_REQUEST_CHANGE_FIELDS }],
  }),
  "admin.api.enquiries.$id.ts": api("/admin/api/enquiries/:id", "view", { record: "enquiry", writes: [none("deleteInboxEntries", "DELETE")] }),
  "admin.api.enquiries.ts": api("/admin/api/enquiries", "view", { query: LIST_QUERY }),
  "admin.api.import-testimonials.ts": api("/admin/api/import-testimonials", "view", { viewStatus: 405, writes: [none("manageTestimonials")] }),
  "admin.api.login.tsx": page("/admin/api/login", "anyone", "/admin", {
    query: ["provider"],
    writesProbedElsewhere: "sign-in: tests/server/malformed-input.test.ts and the sign-in tests",
  }),
  "admin.api.logout.tsx": page("/admin/api/logout", "anyone", "/admin", {
    writesProbedElsewhere: "signing out ends the probing session: tests/server/admin-auth.test.ts",
  }),
  "admin.api.newsletter-signups.$id.ts": api("/admin/api/newsletter-signups/:id", "view", {
    record: "signup",
    writes: [none("deleteInboxEntries", "DELETE")],
  }),
  "admin.api.newsletter-signups.ts": api("/admin/api/newsletter-signups", "view", { query: LIST_QUERY }),
  "admin.api.quote-requests.$id.ts": api("/admin/api/quote-requests/:id", "view", {
    record: "lead",
    writes: [
      { method: "PUT", access: "workLeads", body: "json", fields: ["status"] },
      { method: "PATCH", access: "workLeads", body: "json", fields: ["assignedTo"] },
      none("deleteLeads", "DELETE"),
    ],
  }),
  "admin.api.quote-requests.ts": api("/admin/api/quote-requests", "view", { query: LEAD_QUERY }),
  "admin.api.leads.$id.quotes.ts": api("/admin/api/leads/:id/quotes", "view", { record: "lead", writes: [none("workLeads")] }),
  "admin.api.orders.ts": api("/admin/api/orders", "view", { query: ORDER_LIST_QUERY }),
  // DELETE only, so a GET is 405 whether or not the id names an entry.
  "admin.api.reports.spend.$id.ts": api("/admin/api/reports/spend/:id", "view", {
    record: "spend",
    viewStatus: 405,
    missingStatus: 405,
    writes: [none("manageSpend", "DELETE")],
  }),
  "admin.api.reports.spend.ts": api("/admin/api/reports/spend", "view", {
    writes: [
      {
        method: "POST",
        access: "manageSpend",
        body: "json",
        fields: ["month", "source", "campaign", "amount"],
        valid: { month: "2026-10", source: "google", campaign: "", amount: "99.50" },
      },
    ],
  }),
  "admin.api.reports.sources.ts": api("/admin/api/reports/sources", "view", { query: ["from", "to", "group"], badQueryStatus: 400 }),
  "admin.api.orders.$id.ts": api("/admin/api/orders/:id", "view", {
    record: "order",
    writes: [
      {
        method: "PATCH",
        access: "workLeads",
        body: "json",
        fields: ["version", "status", "holdReason", "businessName", "deliveryPostcode"],
        valid: { version: "1", businessName: "Probe Orders Ltd", deliveryPostcode: "SW1A 1AA" },
      },
    ],
  }),
  "admin.api.quotes.$id.ts": api("/admin/api/quotes/:id", "view", {
    record: "quote",
    writes: [
      {
        method: "PATCH",
        access: "workLeads",
        body: "json",
        fields: ["lines", "customerNote", "internalMemo", "validUntil"],
        valid: { customerNote: "As discussed", internalMemo: "Call back", validUntil: "2099-12-31" },
      },
    ],
  }),
  "admin.api.quotes.$id.send.ts": api("/admin/api/quotes/:id/send", "view", {
    record: "quote",
    viewStatus: 405,
    missingStatus: 405,
    writes: [none("workLeads")],
  }),
  "admin.api.quotes.$id.withdraw.ts": api("/admin/api/quotes/:id/withdraw", "view", {
    record: "quote",
    viewStatus: 405,
    missingStatus: 405,
    writes: [none("workLeads")],
  }),
  "admin.api.quotes.$id.revise.ts": api("/admin/api/quotes/:id/revise", "view", {
    record: "quote",
    viewStatus: 405,
    missingStatus: 405,
    writes: [none("workLeads")],
  }),
  "admin.api.stock-images.$id.preview.ts": page("/admin/api/stock-images/:id/preview", "anyone", "/admin", { record: "stockImage" }),
  "admin.api.stock-images.$id.ts": api("/admin/api/stock-images/:id", "view", { record: "stockImage", writes: [none("manageImages", "DELETE")] }),
  "admin.api.stock-images.ts": api("/admin/api/stock-images", "view", {
    writes: [{ method: "POST", access: "manageImages", body: "multipart", fields: ["image", "location", "description"] }],
  }),
  // The tariff filters' 400 for a value not in its list is tested in admin-tariffs-api.test.ts; here, the search.
  "admin.api.tariffs.ts": api("/admin/api/tariffs", "view", {
    query: ["q"],
    writes: [{ method: "POST", access: "manageTariffs", body: "json", fields: TARIFF_FIELDS }],
  }),
  "admin.api.tariffs.$slug.ts": api("/admin/api/tariffs/:id", "view", {
    record: "tariff",
    writes: [{ method: "PATCH", access: "manageTariffs", body: "json", fields: TARIFF_FIELDS }, none("manageTariffs", "DELETE")],
  }),
  // Takes only text/csv: every probe here is another type; CSV bodies are tested in admin-tariffs-import.test.ts.
  "admin.api.tariffs.import.ts": api("/admin/api/tariffs/import", "view", { viewStatus: 405, writes: [none("manageTariffs")] }),
  // The catalogue always holds the probes' tariff, so the samples are refused (409) and nothing is added.
  "admin.api.tariffs.import-samples.ts": api("/admin/api/tariffs/import-samples", "view", { viewStatus: 405, writes: [none("manageTariffs")] }),
  "admin.api.testimonials.$id.ts": api("/admin/api/testimonials/:id", "view", {
    record: "testimonial",
    writes: [{ method: "PATCH", access: "manageTestimonials", body: "json", fields: TESTIMONIAL_FIELDS }, none("manageTestimonials", "DELETE")],
  }),
  "admin.api.testimonials.ts": api("/admin/api/testimonials", "view", {
    writes: [{ method: "POST", access: "manageTestimonials", body: "json", fields: TESTIMONIAL_FIELDS }],
  }),
  "admin.api.users.$userId.deactivate.ts": userChange("/admin/api/users/:id/deactivate"),
  "admin.api.users.$userId.reactivate.ts": userChange("/admin/api/users/:id/reactivate"),
  "admin.api.users.$userId.reset-password.ts": userChange("/admin/api/users/:id/reset-password"),
  "admin.api.users.$userId.role.ts": userChange("/admin/api/users/:id/role", { method: "PUT", access: "manageUsers", body: "json", fields: ["role"] }),
  "admin.api.users.ts": api("/admin/api/users", "view", {
    writes: [{ method: "POST", access: "manageUsers", body: "json", fields: ["email", "firstName", "lastName", "role", "id", "isActive", "profileImageUrl"] }],
  }),
  "admin.dashboard.tsx": page("/admin/dashboard", "view", "/admin"),
  "admin.enquiries.$id.tsx": page("/admin/enquiries/:id", "view", "/admin", { record: "enquiry" }),
  "admin.enquiries.$id_.delete.tsx": page("/admin/enquiries/:id/delete", "deleteInboxEntries", "/admin", {
    record: "enquiry",
    writes: [none("deleteInboxEntries")],
  }),
  "admin.enquiries.export.ts": page("/admin/enquiries/export", "view", "/admin", { query: LIST_QUERY }),
  "admin.enquiries.tsx": page("/admin/enquiries", "view", "/admin", { query: LIST_QUERY }),
  "admin.leads.$id.tsx": page("/admin/leads/:id", "view", "/admin/api/login", {
    record: "lead",
    writes: [
      { method: "POST", access: "workLeads", body: "form", fields: ["body"], valid: { body: "Called back, wants a quote by Friday." } },
      { method: "POST", access: "workLeads", body: "form", fields: ["intent", "assignedTo"], valid: { intent: "assign", assignedTo: (ids) => ids.user } },
    ],
  }),
  "admin.leads.$id_.delete.tsx": page("/admin/leads/:id/delete", "deleteLeads", "/admin/api/login", { record: "lead", writes: [none("deleteLeads")] }),
  // The quote editor: "New quote" on a lead, and a quote's own screen under its lead.
  "admin.leads.$id_.quotes.new.tsx": page("/admin/leads/:id/quotes/new", "view", "/admin/api/login", { record: "lead", writes: [none("workLeads")] }),
  "admin.leads.$id_.quotes.$quoteId.tsx": page("/admin/leads/:id", "view", "/admin/api/login", {
    record: "leadQuote",
    query: [NEW_LINE_QUERY],
    writes: [{ method: "POST", access: "workLeads", body: "form", fields: QUOTE_EDITOR_FIELDS, valid: VALID_QUOTE_EDITOR_FORM }],
  }),
  "admin.leads.$id_.quotes.$quoteId_.withdraw.tsx": page("/admin/leads/:id/withdraw", "workLeads", "/admin/api/login", {
    record: "leadQuote",
    writes: [none("workLeads")],
  }),
  "admin.leads.export.ts": page("/admin/leads/export", "view", "/admin/api/login", { query: LEAD_QUERY }),
  "admin.leads.tsx": page("/admin/leads", "view", "/admin/api/login", {
    query: LEAD_QUERY,
    writes: [
      {
        method: "POST",
        access: "workLeads",
        body: "form",
        fields: ["intent", "status", "leadId", "redirectTo"],
        valid: { intent: "update-status", status: "contacted", leadId: (ids) => ids.lead, redirectTo: "/admin/leads?page=2" },
      },
    ],
  }),
  "admin.newsletter.$id.tsx": page("/admin/newsletter/:id", "view", "/admin", { record: "signup" }),
  "admin.newsletter.$id_.delete.tsx": page("/admin/newsletter/:id/delete", "deleteInboxEntries", "/admin", {
    record: "signup",
    writes: [none("deleteInboxEntries")],
  }),
  "admin.newsletter.export.ts": page("/admin/newsletter/export", "view", "/admin", { query: LIST_QUERY }),
  "admin.newsletter.tsx": page("/admin/newsletter", "view", "/admin", { query: LIST_QUERY }),
  "admin.quote-requests.ts": page("/admin/quote-requests", "anyone", "/admin"),
  // The Quotes screen and its export: as the leads list's.
  "admin.data-protection.tsx": page("/admin/data-protection", "manageDataProtection", "/admin/api/login"),
  "admin.data-protection._index.tsx": page("/admin/data-protection", "manageDataProtection", "/admin/api/login"),
  "admin.data-protection.preview.tsx": page("/admin/data-protection/preview", "manageDataProtection", "/admin/api/login", {
    viewStatus: 302,
    writes: [none("manageDataProtection")],
  }),
  "admin.data-protection.run.tsx": page("/admin/data-protection/run", "manageDataProtection", "/admin/api/login", { writes: [none("manageDataProtection")] }),
  // A person's data: the search never fails (the field says what is wrong).
  "admin.data-protection.people.tsx": page("/admin/data-protection/people", "manageDataProtection", "/admin/api/login", { query: PERSON_QUERY }),
  // Its downloads and dialogs need a valid email or phone: none of the probes is one (400).
  "admin.data-protection.people.export[.]json.ts": page("/admin/data-protection/people/export.json", "manageDataProtection", "/admin/api/login", {
    query: PERSON_QUERY,
    viewStatus: 400,
  }),
  "admin.data-protection.people.export[.]html.ts": page("/admin/data-protection/people/export.html", "manageDataProtection", "/admin/api/login", {
    query: PERSON_QUERY,
    viewStatus: 400,
  }),
  "admin.data-protection.people.erase.tsx": page("/admin/data-protection/people/erase", "manageDataProtection", "/admin/api/login", {
    query: PERSON_QUERY,
    viewStatus: 400,
    writes: [none("manageDataProtection")],
  }),
  "admin.data-protection.people.object.tsx": page("/admin/data-protection/people/object", "manageDataProtection", "/admin/api/login", {
    query: PERSON_QUERY,
    viewStatus: 400,
    writes: [none("manageDataProtection")],
  }),
  "admin.data-protection.requests.tsx": page("/admin/data-protection/requests", "manageDataProtection", "/admin/api/login", {
    query: DATA_REQUEST_LIST_QUERY,
  }),
  "admin.data-protection.requests.new.tsx": page("/admin/data-protection/requests/new", "manageDataProtection", "/admin/api/login", {
    query: ["contact", "kind"],
    writes: [{ method: "POST", access: "manageDataProtection", body: "form", fields: DATA_REQUEST_FIELDS, valid: VALID_DATA_REQUEST }],
  }),
  "admin.data-protection.requests.$id.tsx": page("/admin/data-protection/requests/:id", "manageDataProtection", "/admin/api/login", {
    record: "dataRequest",
    writes: [
      {
        method: "POST",
        access: "manageDataProtection",
        body: "form",
        fields: DATA_REQUEST_CHANGE_FIELDS,
        valid: { status: "done", handledBy: "", notes: "Sent the copy" },
      },
    ],
  }),
  "admin.orders.tsx": page("/admin/orders", "view", "/admin/api/login", { query: ORDER_LIST_QUERY }),
  "admin.orders_.$id.tsx": page("/admin/orders/:id", "view", "/admin/api/login", {
    record: "order",
    writes: [{ method: "POST", access: "workLeads", body: "form", fields: Object.keys(VALID_ORDER_DETAILS), valid: VALID_ORDER_DETAILS }],
  }),
  "admin.orders_.$id.cancel.tsx": page("/admin/orders/:id/cancel", "view", "/admin/api/login", {
    record: "order",
    query: ["version"],
    writes: [{ method: "POST", access: "workLeads", body: "form", fields: ["version"], valid: { version: "1" } }],
  }),
  "admin.orders_.$id.lines[.]csv.ts": page("/admin/orders/:id/lines.csv", "view", "/admin/api/login", { record: "order" }),
  "admin.quotes.tsx": page("/admin/quotes", "view", "/admin/api/login", { query: QUOTE_LIST_QUERY }),
  "admin.quotes.export.ts": page("/admin/quotes/export", "view", "/admin/api/login", { query: QUOTE_LIST_QUERY }),
  "admin.renewals.tsx": page("/admin/renewals", "view", "/admin/api/login", { query: ["page"] }),
  "admin.reports.sources.export.ts": page("/admin/reports/sources/export", "view", "/admin/api/login", {
    query: ["from", "to", "group"],
    badQueryStatus: 400,
  }),
  "admin.reports.sources.tsx": page("/admin/reports/sources", "view", "/admin/api/login", { query: ["from", "to", "group"], badQueryStatus: 400 }),
  "admin.reports.sources_.spend.tsx": page("/admin/reports/sources/spend", "view", "/admin/api/login", {
    writes: [
      {
        method: "POST",
        access: "manageSpend",
        body: "form",
        fields: ["month", "source", "campaign", "amount"],
        valid: { month: "2026-10", source: "google", campaign: "spring", amount: "1250.50" },
      },
    ],
  }),
  "admin.reports.sources_.spend.$id.delete.tsx": page("/admin/reports/sources/spend/:id/delete", "manageSpend", "/admin/api/login", {
    record: "spend",
    writes: [none("manageSpend")],
  }),
  "admin.settings.tsx": page("/admin/settings", "view", "/admin"),
  "admin.stock-images.$id.delete.tsx": page("/admin/stock-images/:id/delete", "manageImages", "/admin/api/login", {
    record: "stockImage",
    writes: [none("manageImages")],
  }),
  "admin.stock-images.tsx": page("/admin/stock-images", "view", "/admin/api/login", {
    writes: [{ method: "POST", access: "manageImages", body: "multipart", fields: ["image", "location", "description"] }],
  }),
  "admin.tariffs.export.ts": page("/admin/tariffs/export", "view", "/admin/api/login", { query: TARIFF_LIST_QUERY }),
  "admin.tariffs.$slug.delete.tsx": page("/admin/tariffs/:id/delete", "manageTariffs", "/admin/api/login", {
    record: "tariff",
    writes: [none("manageTariffs")],
  }),
  "admin.tariffs.$slug.edit.tsx": page("/admin/tariffs/:id/edit", "manageTariffs", "/admin/api/login", {
    record: "tariff",
    writes: [{ method: "POST", access: "manageTariffs", body: "form", fields: TARIFF_FORM_FIELDS, valid: VALID_TARIFF_FORM }],
  }),
  // Withdraw's confirmation: the probes' tariff is live, so a post that passes withdraws it (a fresh one is made for the next).
  "admin.tariffs.$slug.withdraw.tsx": page("/admin/tariffs/:id/withdraw", "manageTariffs", "/admin/api/login", {
    record: "tariff",
    writes: [none("manageTariffs")],
  }),
  "admin.tariffs.import.tsx": page("/admin/tariffs/import", "manageTariffs", "/admin/api/login", {
    writes: [{ method: "POST", access: "manageTariffs", body: "multipart", fields: ["file"] }],
  }),
  "admin.tariffs.new.tsx": page("/admin/tariffs/new", "manageTariffs", "/admin/api/login", {
    writes: [{ method: "POST", access: "manageTariffs", body: "form", fields: TARIFF_FORM_FIELDS, valid: VALID_TARIFF_FORM }],
  }),
  "admin.tariffs.tsx": page("/admin/tariffs", "view", "/admin/api/login", {
    query: TARIFF_LIST_QUERY,
    writes: [{ method: "POST", access: "manageTariffs", body: "form", fields: ["intent", "slug"], valid: { intent: "publish", slug: (ids) => ids.tariff } }],
  }),
  "admin.testimonials.$id.delete.tsx": page("/admin/testimonials/:id/delete", "manageTestimonials", "/admin/api/login", {
    record: "testimonial",
    writes: [none("manageTestimonials")],
  }),
  "admin.testimonials.$id.edit.tsx": page("/admin/testimonials/:id/edit", "manageTestimonials", "/admin/api/login", {
    record: "testimonial",
    writes: [{ method: "POST", access: "manageTestimonials", body: "form", fields: TESTIMONIAL_FIELDS, valid: VALID_TESTIMONIAL }],
  }),
  "admin.testimonials.new.tsx": page("/admin/testimonials/new", "manageTestimonials", "/admin/api/login", {
    writes: [{ method: "POST", access: "manageTestimonials", body: "form", fields: TESTIMONIAL_FIELDS, valid: VALID_TESTIMONIAL }],
  }),
  "admin.testimonials.tsx": page("/admin/testimonials", "view", "/admin/api/login", {
    writes: [{ method: "POST", access: "manageTestimonials", body: "form", fields: ["intent"], valid: { intent: "import-existing" } }],
  }),
  "admin.users.$id.deactivate.tsx": page("/admin/users/:id/deactivate", "manageUsers", "/admin", { record: "user", writes: [none("manageUsers")] }),
  "admin.users.$id.reactivate.tsx": page("/admin/users/:id/reactivate", "manageUsers", "/admin", { record: "user", writes: [none("manageUsers")] }),
  "admin.users.$id.reset-password.tsx": page("/admin/users/:id/reset-password", "manageUsers", "/admin", { record: "user", writes: [none("manageUsers")] }),
  "admin.users.$id.role.tsx": page("/admin/users/:id/role", "manageUsers", "/admin", {
    record: "user",
    writes: [{ method: "POST", access: "manageUsers", body: "form", fields: ["role"], valid: { role: "manager" } }],
  }),
  "admin.users.new.tsx": page("/admin/users/new", "manageUsers", "/admin", {
    writes: [
      {
        method: "POST",
        access: "manageUsers",
        body: "form",
        fields: ["email", "firstName", "lastName", "role"],
        valid: { email: "new.starter@clearlinebusiness.co.uk", firstName: "New", lastName: "Starter", role: "manager" },
      },
    ],
  }),
  "admin.users.tsx": page("/admin/users", "view", "/admin"),
};

/** The staff route files on disk. */
export function staffRouteFiles(): string[] {
  return fs
    .readdirSync(path.resolve(import.meta.dirname, "../../app/routes"))
    .filter((name) => name.startsWith("admin"))
    .sort();
}

/** Whether `who` may use something open to `access` (lib/permissions.ts decides for a role). */
export function allowed(who: Who, access: Access): boolean {
  if (access === "anyone") return true;
  return who !== "signedOut" && can(who, access);
}

/** The URL path of a route, for a record id (already as it goes in a URL). */
export function routePath(route: StaffRoute, id?: string): string {
  if (id === undefined) return route.path;
  // A quote under its lead's address: an id that names no quote takes the quote's place, so the probe still reaches the quote's route.
  const named = route.record === "leadQuote" && !id.includes("/quotes/") ? `1/quotes/${id}` : id;
  return route.path.replace(":id", named);
}

/**
 * What a request from `who` must get when the route refuses it: a page sends a
 * signed-out visitor to sign in and a role without the permission to the
 * dashboard (with a toast); a JSON route answers 401 and 403. Null: allowed.
 */
export function expectedRefusal(route: StaffRoute, who: Who, access: Access): { status: number; location?: string } | null {
  if (allowed(who, access)) return null;
  if (who === "signedOut") return route.answers === "page" ? { status: 302, location: route.signedOut } : { status: 401 };
  return route.answers === "page" ? { status: 302, location: "/admin/dashboard" } : { status: 403 };
}
