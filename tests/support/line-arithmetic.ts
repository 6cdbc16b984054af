// The reader's check of a quote line (issue: figures a customer can add up): multiply and subtract
// what the line shows, and the line's amount must come out to the penny. Shared by the page, PDF and
// email tests, so each reads the line as a customer would, from the text they are given.

const POUNDS = /-?£[\d,]+\.\d{2}/g;

/** "£1,234.56" (or "-£2.40") in pence. */
export const pence = (pounds: string) => Math.round(Number(pounds.replace(/[£,]/g, "")) * 100);

/**
 * What a line's working adds up to, read from its text steps: "7 x £10.50" (a lone step is the product), or
 * "7 x £10.50: £73.50", "10% off lines 2-7 (6 x £1.05): -£6.30", "Loyalty: 10% off: -£6.72", each step's
 * product (N x £P, when shown) checked against its figure. Throws when a step does not add up.
 */
export function addUpLineWorking(steps: readonly string[]): number {
  if (steps.length === 0) throw new Error("A line shows no working");
  let total = 0;
  for (const step of steps) {
    const product = /(\d+) x (£[\d,]+\.\d{2})/.exec(step);
    const figures = step.match(POUNDS) ?? [];
    const shown = steps.length === 1 ? null : figures.at(-1);
    if (steps.length > 1 && !shown) throw new Error(`"${step}" shows no amount`);
    if (product) {
      const multiplied = Number(product[1]) * pence(product[2]!);
      if (shown === null) {
        total += multiplied;
        continue;
      }
      if (Math.abs(pence(shown!)) !== multiplied) throw new Error(`"${step}": ${product[0]} is not ${shown}`);
    }
    total += pence(shown!);
  }
  return total;
}
