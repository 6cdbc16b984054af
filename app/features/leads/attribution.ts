/**
 * Where a lead came from (issue 41): the UTM parameters of the visit, the referring site's domain, the visit's first page and the page the form was sent from.
 * Shared by the browser (the visit's landing, kept with analytics consent; the wizard's hidden fields) and the server (the schema, the form page's Referer).
 * Every value is optional and is normalised here; a value that does not fit is dropped (null), never a reason to refuse a lead.
 */

/** The UTM parameters, by the names a lead keeps them under (`utm_source` is `source` ...). */
export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** What a lead records of its origin, in this order everywhere (columns, the staff JSON's `attribution`, the CSV, the details, the form's hidden fields). */
export const ATTRIBUTION_FIELDS = [...UTM_FIELDS, "referrerDomain", "landingPath", "formPath"] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Record<AttributionField, string | null>;

/** What the visit brought, as opposed to the form page itself: with consent, kept from the landing for the visit; without, the form page's own. */
export const VISIT_FIELDS = [...UTM_FIELDS, "referrerDomain", "landingPath"] as const satisfies readonly AttributionField[];

export const ATTRIBUTION_LABELS: Record<AttributionField, string> = {
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  term: "Term",
  content: "Content",
  referrerDomain: "Referring site",
  landingPath: "Landing page",
  formPath: "Form page",
};

/** Bounds: a campaign name or keyword is short; a domain's longest is 253; our paths are short, and a longer one is not a page of ours. */
export const ATTRIBUTION_LIMITS = { value: 100, domain: 253, path: 200 } as const;

// Letters and digits of any script, and the punctuation campaign names use; it starts with a letter or digit (so never a spreadsheet formula).
const VALUE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._~+:/|()-]*$/u;
const DOMAIN_PATTERN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
// A path as a URL spells it (RFC 3986 path characters), plus the brackets of a masked private link's "[token]".
const PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/[\]]*$/;

/** A UTM value: trimmed, inner spaces made one, lower case; null when empty, too long or holding other characters. */
export function attributionValue(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim().replace(/\s+/g, " ").toLowerCase();
  return value.length <= ATTRIBUTION_LIMITS.value && VALUE_PATTERN.test(value) ? value : null;
}

/** A host as a lead keeps it: lower case, without a leading "www." (so www.google.com and google.com are one site). */
function siteOf(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/**
 * The referring site's domain from an address (`https://www.google.com/search?q=…`) or a domain (`google.co.uk`): the host only, never the path or query;
 * null for none, a malformed one, or our own site (`ownHost`: a visit moving between our own pages was referred by nobody).
 */
export function referrerDomain(raw: unknown, ownHost?: string | null): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!text || text.length > 2048) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return null;
  }
  const domain = siteOf(host);
  if (!DOMAIN_PATTERN.test(domain)) return null;
  return ownHost && siteOf(ownHost) === domain ? null : domain;
}

/**
 * A page of ours as a lead keeps it: the path alone (no host, query or fragment); null when it is not a path or too long. `mask` hides a private link's key
 * (the schema passes `maskPrivateLink`; the browser's first page is masked as it is read, in analytics.tsx): a parameter, so the browser's copy of this module
 * does not share the masking code with the site's frame, which would cost the home page a file of its own.
 */
export function attributionPath(raw: unknown, mask: (path: string) => string = (path) => path): string | null {
  if (typeof raw !== "string") return null;
  const path = raw.trim().split(/[?#]/, 1)[0]!;
  if (!PATH_PATTERN.test(path)) return null;
  const masked = mask(path);
  return masked.length <= ATTRIBUTION_LIMITS.path ? masked : null;
}

/** Every field from what a form or caller sent, each normalised or null (paths as attributionPath, `mask` applied). */
export function normaliseAttribution(
  raw: Partial<Record<AttributionField, unknown>>,
  { ownHost, mask }: { ownHost?: string | null; mask?: (path: string) => string } = {},
): Attribution {
  return {
    source: attributionValue(raw.source),
    medium: attributionValue(raw.medium),
    campaign: attributionValue(raw.campaign),
    term: attributionValue(raw.term),
    content: attributionValue(raw.content),
    referrerDomain: referrerDomain(raw.referrerDomain, ownHost),
    landingPath: attributionPath(raw.landingPath, mask),
    formPath: attributionPath(raw.formPath, mask),
  };
}

/** The UTM parameters of a query string (`?utm_source=Google&…`), normalised; the ones missing or bad are left out. */
export function utmFromSearch(search: string): Partial<Record<UtmField, string>> {
  const params = new URLSearchParams(search);
  const utm: Partial<Record<UtmField, string>> = {};
  for (const field of UTM_FIELDS) {
    const value = attributionValue(params.get(`utm_${field}`));
    if (value) utm[field] = value;
  }
  return utm;
}

/** The fields that hold a value, as a form's hidden fields carry them. */
export function recordedAttribution(attribution: Partial<Record<AttributionField, string | null>>): Partial<Record<AttributionField, string>> {
  const recorded: Partial<Record<AttributionField, string>> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = attribution[field];
    if (value) recorded[field] = value;
  }
  return recorded;
}

/** Whether a post carries anything the visit brought (then it is taken as sent, rather than read again from the form page's address). */
export function carriesVisit(values: Partial<Record<string, unknown>>): boolean {
  return VISIT_FIELDS.some((field) => typeof values[field] === "string" && values[field] !== "");
}

/** Whether the answers already carry where the visit came from (every answer the server gives does): then the browser adds nothing. */
export function carriesAttribution(values: Partial<Record<string, unknown>>): boolean {
  return ATTRIBUTION_FIELDS.some((field) => typeof values[field] === "string" && values[field] !== "");
}

/**
 * What a quote wizard post records, as hidden fields to carry to the next step. The form page is the page the wizard posted to (`formPath`, the server's own
 * word). The visit's fields are taken as sent when the post sends any (JavaScript sent the landing kept with consent, or the form page's UTM and referrer, or an
 * earlier step's answer carried them); otherwise (no JavaScript, a first step) the UTM of the form page's address, read from the post's Referer when that is the
 * form page: the page itself is shared from the page cache, so nothing of one visitor's can be put in it.
 */
export function wizardAttribution(
  values: Partial<Record<string, unknown>>,
  formPath: string,
  referer: string | null,
): Partial<Record<AttributionField, string>> {
  let visit: Partial<Record<AttributionField, unknown>> = values;
  if (!carriesVisit(values)) {
    visit = {};
    try {
      const page = new URL(referer ?? "");
      if (page.pathname === formPath) visit = utmFromSearch(page.search);
    } catch {
      // No Referer, or not an address: the form page's path alone.
    }
  }
  const { formPath: _sent, ...fromVisit } = normaliseAttribution(visit);
  return recordedAttribution({ ...fromVisit, formPath: attributionPath(formPath) });
}
