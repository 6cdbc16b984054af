import { describe, expect, it } from "vitest";
import { retryDelayMs } from "~/platform/outbox-kinds";

describe("outbox retry delay", () => {
  it("waits the first delay after one failure, doubling after each further one, never more than the cap", () => {
    const delays = Array.from({ length: 10 }, (_, index) => retryDelayMs(index + 1, 30_000, 3_600_000));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it("stays at the cap however many tries have failed", () => {
    expect(retryDelayMs(5_000, 30_000, 3_600_000)).toBe(3_600_000);
  });
});
