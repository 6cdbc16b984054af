import { describe, expect, it } from "vitest";
import { dataRequestDueOn, isDataRequestOverdue } from "~/features/privacy/data-protection";

describe("a person's request is due one calendar month after it arrives", () => {
  it.each([
    ["2026-03-03", "2026-04-03"],
    ["2026-01-31", "2026-02-28"],
    ["2028-01-31", "2028-02-29"],
    ["2026-08-31", "2026-09-30"],
    ["2026-12-15", "2027-01-15"],
    ["2026-12-31", "2027-01-31"],
  ])("received %s, due %s", (receivedOn, dueOn) => {
    expect(dataRequestDueOn(receivedOn)).toBe(dueOn);
  });

  it("is overdue only while open and past its due day", () => {
    expect(isDataRequestOverdue({ status: "open", dueOn: "2026-04-03" }, "2026-04-03")).toBe(false);
    expect(isDataRequestOverdue({ status: "open", dueOn: "2026-04-03" }, "2026-04-04")).toBe(true);
    expect(isDataRequestOverdue({ status: "done", dueOn: "2026-04-03" }, "2026-04-04")).toBe(false);
  });
});
