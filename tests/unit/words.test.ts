import { describe, expect, it } from "vitest";
import { countOf, plural, titleWithCount } from "~/lib/plural";
import { isSearched } from "~/lib/search-schema";
import { contractExpiryForStaff, CONTRACT_EXPIRIES } from "~/features/leads/lead-lists";
import { greetingName } from "~/features/staff/admin-users";
import { welcomeBack } from "~/features/staff/staff-messages";
import { personCountsInWords } from "~/features/privacy/person-data";

/** The words the screens put around counts, names and answers (one helper each, so no screen says "1 leads"). */

describe("countOf and plural", () => {
  it("says one of a thing in the singular, and none or many in the plural", () => {
    expect(countOf(1, "lead")).toBe("1 lead");
    expect(countOf(0, "lead")).toBe("0 leads");
    expect(countOf(2, "month")).toBe("2 months");
    expect(plural(1, "has", "have")).toBe("has");
    expect(plural(3, "has", "have")).toBe("have");
  });

  it("takes an irregular plural as given", () => {
    expect(countOf(1, "enquiry", "enquiries")).toBe("1 enquiry");
    expect(countOf(2, "enquiry", "enquiries")).toBe("2 enquiries");
    expect(countOf(2, "person", "people")).toBe("2 people");
    expect(countOf(1, "delivery", "deliveries")).toBe("1 delivery");
  });

  it("writes the count as the UK does", () => {
    expect(countOf(1234, "tariff")).toBe("1,234 tariffs");
  });
});

describe("titleWithCount", () => {
  it("shows the count beside a list's title, and none for an empty list", () => {
    expect(titleWithCount("Leads", 1)).toBe("Leads (1)");
    expect(titleWithCount("Leads", 1500)).toBe("Leads (1,500)");
    expect(titleWithCount("Leads", 0)).toBe("Leads");
  });
});

describe("isSearched", () => {
  it("is true when a search or filter is set, whatever the page", () => {
    expect(isSearched({ q: "", page: 3, status: undefined })).toBe(false);
    expect(isSearched({ q: "ltd", page: 1 })).toBe(true);
    expect(isSearched({ q: "", page: 1, status: "new" })).toBe(true);
  });
});

describe("people's counts in words", () => {
  it("agrees each count with its word", () => {
    expect(personCountsInWords({ leads: 1, enquiries: 1, newsletterSignups: 1 })).toBe("1 lead, 1 enquiry and 1 newsletter sign-up");
    expect(personCountsInWords({ leads: 2, enquiries: 0, newsletterSignups: 3 })).toBe("2 leads, 0 enquiries and 3 newsletter sign-ups");
  });
});

describe("contract expiry in the staff's words", () => {
  it('says "3 months or more" beside "Under 3 months", keeping the other answers and any unknown value as stored', () => {
    expect(CONTRACT_EXPIRIES).toContain("3 Months+");
    expect(contractExpiryForStaff("3 Months+")).toBe("3 months or more");
    expect(contractExpiryForStaff("Under 3 months")).toBe("Under 3 months");
    expect(contractExpiryForStaff("Out of contract")).toBe("Out of contract");
    expect(contractExpiryForStaff("Some time next year")).toBe("Some time next year");
    expect(contractExpiryForStaff("toString")).toBe("toString");
  });
});

describe("greetingName", () => {
  const account = (firstName: string, lastName: string, email: string) => ({ firstName, lastName, email });

  it("greets staff by the first name they were given, kept whole", () => {
    expect(greetingName(account("Olivia", "Grant", "olivia@clearlinebusiness.co.uk"))).toBe("Olivia");
    expect(greetingName(account("Mary Jane", "Watson", "mj@clearlinebusiness.co.uk"))).toBe("Mary Jane");
    expect(welcomeBack(account("Olivia", "Grant", "olivia@clearlinebusiness.co.uk"))).toBe("Welcome back, Olivia");
  });

  it("greets an account with no person's name by its address: the first super admin, or a provider that gave only an email", () => {
    expect(greetingName(account("Site", "Administrator", "owner@clearlinebusiness.co.uk"))).toBe("Owner");
    expect(greetingName(account("", "", "jo.bloggs@clearlinebusiness.co.uk"))).toBe("Jo");
    expect(greetingName(account("  ", "", "sam_o-neill+portal@example.com"))).toBe("Sam");
  });
});
