import { describe, expect, it } from "vitest";
import { orderLinesOf } from "~/features/orders/order-creation.server";
import {
  normaliseCompanyNumber,
  normaliseMobileNumber,
  normalisePac,
  normalisePostcode,
  ORDER_REFERENCE_SHAPE,
  orderReferenceFrom,
  pacEndingOf,
  pacExpiresOn,
  pacRefusal,
  splitPence,
} from "~/features/orders/order-rules";
import { lineFieldName } from "~/features/orders/customer-order";
import { completeOrderSchema, orderSectionSchema } from "~/features/orders/order-schemas";
import { priceQuote } from "~/features/quotes/quote-prices";
import { parseWithSchema } from "~/lib/form-submission";
import type { TariffSnapshot } from "~/features/tariffs";
import { plainQuoteLine } from "../support/quote-documents";

describe("the shapes of an order's details", () => {
  it("takes a PAC as three letters and six digits, upper case, and shows only its last three characters", () => {
    expect(normalisePac("abc 123 456")).toBe("ABC123456");
    expect(normalisePac("ABC123456")).toBe("ABC123456");
    for (const wrong of ["AB1234567", "ABC12345", "ABC1234567", "123456ABC", "ABÇ123456", ""]) expect(normalisePac(wrong), wrong).toBeNull();
    expect(pacEndingOf("ABC123456")).toBe("456");
  });

  it("refuses a PAC past its 30 days, or ending before the connection date, saying the date", () => {
    expect(pacExpiresOn("2026-10-04")).toBe("2026-11-03");
    expect(pacRefusal("2026-10-04", "2026-11-03", null)).toBeNull();
    expect(pacRefusal("2026-10-04", "2026-11-04", null)).toBe("This PAC expired on 3 Nov 2026: ask the current network for a new one");
    expect(pacRefusal("2026-10-04", "2026-10-20", "2026-11-03")).toBeNull();
    expect(pacRefusal("2026-10-04", "2026-10-20", "2026-11-04")).toBe("This PAC expires on 3 Nov 2026, before your connection date");
  });

  it("stores a UK mobile number as its eleven national digits, however it is typed", () => {
    for (const typed of ["07700 900123", "07700900123", "+44 7700 900123", "+44 (0)7700 900123", "0044 7700 900 123", "07700-900-123"]) {
      expect(normaliseMobileNumber(typed), typed).toBe("07700900123");
    }
    for (const wrong of ["020 7946 0000", "0770090012", "077009001234", "+33 6 12 34 56 78", "07700 9OO123", ""]) {
      expect(normaliseMobileNumber(wrong), wrong).toBeNull();
    }
  });

  it("stores a postcode upper case with one space, checked for shape only", () => {
    expect(normalisePostcode("sw1a1aa")).toBe("SW1A 1AA");
    expect(normalisePostcode(" M1  1AE ")).toBe("M1 1AE");
    expect(normalisePostcode("B33 8TH")).toBe("B33 8TH");
    expect(normalisePostcode("CR2 6XH")).toBe("CR2 6XH");
    for (const wrong of ["SW1A", "1AA SW1", "SW1A 1A", "ZZZZ 1AA", ""]) expect(normalisePostcode(wrong), wrong).toBeNull();
  });

  it("takes a company number as Companies House writes it: eight digits, or two letters and six digits", () => {
    expect(normaliseCompanyNumber("01234567")).toBe("01234567");
    expect(normaliseCompanyNumber("1234567")).toBe("01234567");
    expect(normaliseCompanyNumber("sc 123456")).toBe("SC123456");
    expect(normaliseCompanyNumber("OC123456")).toBe("OC123456");
    for (const wrong of ["123456789", "S1234567", "SC12345", "ABC12345", ""]) expect(normaliseCompanyNumber(wrong), wrong).toBeNull();
  });

  it("makes references of ORD- and six unmistakable characters", () => {
    expect(orderReferenceFrom([0, 1, 2, 31, 32, 255])).toBe("ORD-ABC9A9");
    expect(ORDER_REFERENCE_SHAPE.test(orderReferenceFrom([8, 14, 24, 25, 26, 30]))).toBe(true);
    expect(ORDER_REFERENCE_SHAPE.test("ORD-AB0O1I")).toBe(false);
  });
});

describe("an order's lines from its quote", () => {
  it("splits a line's pennies across its units so they add up to it exactly", () => {
    expect(splitPence(1000, 3)).toEqual([334, 333, 333]);
    expect(splitPence(3360, 3)).toEqual([1120, 1120, 1120]);
    expect(splitPence(1, 4)).toEqual([1, 0, 0, 0]);
    for (const [amount, units] of [
      [9_999, 7],
      [4_321, 4],
      [0, 3],
    ] as const) {
      const parts = splitPence(amount, units);
      expect(parts).toHaveLength(units);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });

  it("makes one line per unit of each monthly tariff line, in the quote's order; one-offs and lines without a tariff make none", () => {
    // Only whether a line has a tariff matters here: its snapshot's contents are the quote's business.
    const tariff = { slug: "business-unlimited" } as unknown as TariffSnapshot;
    const lines = [
      plainQuoteLine({
        description: "Business Unlimited",
        quantity: 3,
        unitPriceExVatPence: 1001,
        termMonths: 24,
        tariff,
        multiLineDiscount: { fromLine: 2, percent: 10 },
      }),
      plainQuoteLine({ group: "hardware", description: "SIMs", quantity: 3, charge: "one_off", termMonths: null, tariff: null }),
      plainQuoteLine({ description: "Business 30GB", quantity: 4, unitPriceExVatPence: 1500, termMonths: 12, tariff }),
      plainQuoteLine({ group: "it_services", description: "Support", quantity: 1, tariff: null }),
    ];
    const totals = priceQuote(lines, "2026-11-29");
    const made = orderLinesOf({ lines: JSON.stringify(lines), totals: JSON.stringify(totals) });
    expect(made.map((line) => line.tariffName)).toEqual([...Array(3).fill("Business Unlimited"), ...Array(4).fill("Business 30GB")]);
    expect(made.slice(0, 3).reduce((sum, line) => sum + line.monthlyExVatPence, 0)).toBe(totals.lines[0]!.amountExVatPence);
    expect(made.slice(3).map((line) => line.monthlyExVatPence)).toEqual([1500, 1500, 1500, 1500]);
    expect(made.map((line) => line.termMonths)).toEqual([24, 24, 24, 12, 12, 12, 12]);
  });
});

describe("the order form's schemas", () => {
  const context = { lineCount: 2, today: "2026-11-29", connectionDate: null };
  const line = (position: number, values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([field, value]) => [lineFieldName(position, field as Parameters<typeof lineFieldName>[1]), value]));

  it("saves a draft of lines with gaps, but refuses a wrong line count and malformed answers", () => {
    expect(parseWithSchema(orderSectionSchema("lines", context), { lineCount: "2", ...line(1, { userName: "Sam" }) }).success).toBe(true);
    const refused = parseWithSchema(orderSectionSchema("lines", context), {
      lineCount: "3",
      ...line(1, { numberChoice: "keep", mobileNumber: "0207 946 0000", pac: "AB12", pacIssuedOn: "31/02/2026" }),
      ...line(2, { simType: "nano" }),
    });
    expect(refused.success).toBe(false);
    if (refused.success) return;
    expect(refused.fieldErrors).toMatchObject({
      lineCount: "This order has 2 lines: reload the page and fill in each one",
      line1MobileNumber: "Enter a UK mobile number, like 07700 900123",
      line1Pac: "Enter the PAC as three letters and six digits, like ABC123456",
      line1PacIssuedOn: "Enter a real date, like 03/11/2026",
      line2SimType: "Please choose a SIM or eSIM for line 2 from the list",
    });
  });

  it("submits only a complete order: a kept number's details, a company's number, a PAC lasting to the connection date", () => {
    const complete = {
      lineCount: "2",
      ...line(1, { userName: "Sam", numberChoice: "keep", mobileNumber: "07700900123", pac: "ABC123456", pacIssuedOn: "2026-11-20", simType: "sim" }),
      ...line(2, { userName: "Alex", numberChoice: "new", simType: "esim" }),
      businessKind: "limited_company",
      companyNumber: "01234567",
      businessName: "Patel Plumbing Ltd",
      deliveryName: "Sam Patel",
      deliveryLine1: "1 High Street",
      deliveryTown: "Leeds",
      deliveryPostcode: "LS1 1AA",
      billingName: "Sam Patel",
      billingEmail: "sam@example.co.uk",
      billingPhone: "07700 900123",
      earliestConnectionDate: "2026-12-10",
    };
    expect(parseWithSchema(completeOrderSchema(context), complete).success).toBe(true);
    const refused = parseWithSchema(completeOrderSchema(context), {
      ...complete,
      ...line(1, { pac: "", mobileNumber: "" }),
      companyNumber: "",
      earliestConnectionDate: "2026-12-21",
    });
    expect(refused.success ? {} : refused.fieldErrors).toEqual({
      line1MobileNumber: "Please enter line 1's mobile number",
      line1Pac: "Please enter line 1's PAC",
      companyNumber: "Please enter the company number",
    });
    const late = parseWithSchema(completeOrderSchema(context), { ...complete, earliestConnectionDate: "2026-12-21" });
    expect(late.success ? {} : late.fieldErrors).toEqual({ line1Pac: "This PAC expires on 20 Dec 2026, before your connection date" });
  });
});
