import { describe, expect, it } from "vitest";
import { consentState, MARKETING_CONSENT, PECR_SUBSCRIBER_KINDS, pecrSubscriberKind } from "~/features/leads/consent";
import { normalisePhone, suppressionKey } from "~/platform/suppression.server";
import { BUSINESS_TYPES } from "~/features/leads/lead-lists";

describe("PECR subscriber kind", () => {
  it("makes sole traders, partnerships and other businesses individual subscribers and limited companies corporate", () => {
    const kinds = Object.fromEntries(BUSINESS_TYPES.map((type) => [type, pecrSubscriberKind(type)]));
    expect(kinds).toEqual({
      "Sole trader": "Individual subscriber (PECR: marketing email only with consent)",
      Partnership: "Individual subscriber (PECR: marketing email only with consent)",
      "LTD company": "Corporate subscriber",
      Other: "Individual subscriber (PECR: marketing email only with consent)",
    });
  });

  it("treats an unknown business type as an individual subscriber (the safe reading)", () => {
    expect(pecrSubscriberKind(null)).toBe(PECR_SUBSCRIBER_KINDS.individual);
  });
});

describe("marketing consent", () => {
  it("has one wording and a version", () => {
    expect(MARKETING_CONSENT.wording).toBe("Email me offers and renewal reminders");
    expect(MARKETING_CONSENT.version).not.toBe("");
  });

  it("is not given without a record, and the newest record decides between given and withdrawn", () => {
    expect(consentState([])).toBe("not given");
    expect(consentState([{ withdrawnAt: null }])).toBe("given");
    expect(consentState([{ withdrawnAt: "2026-11-25T10:00:00.000Z" }, { withdrawnAt: null }])).toBe("withdrawn");
  });
});

describe("suppression keys", () => {
  it("match an email whatever its case and surrounding spaces, and never contain it", () => {
    const key = suppressionKey("email", "Jo.Bloggs@Example.co.uk");
    expect(suppressionKey("email", "  jo.bloggs@example.co.uk ")).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("bloggs");
    expect(suppressionKey("email", "someone.else@example.co.uk")).not.toBe(key);
  });

  it("match a UK phone number written with +44, 0044, a (0), spaces or none", () => {
    for (const written of ["+44 7700 900123", "0044 7700 900123", "+44 (0)7700 900123", "07700900123", "07700 900 123"]) {
      expect(normalisePhone(written)).toBe("07700900123");
      expect(suppressionKey("phone", written)).toBe(suppressionKey("phone", "07700 900123"));
    }
  });

  it("keep an email and a phone number of the same digits apart", () => {
    expect(suppressionKey("email", "07700900123")).not.toBe(suppressionKey("phone", "07700900123"));
  });
});
