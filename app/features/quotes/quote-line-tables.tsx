import { describeCharge, documentLinesByGroup } from "./quote-words";
import type { QuoteDocument } from "./quotes";
import { cn } from "~/lib/cn";
import { formatPounds } from "~/lib/money";

/** A cell that, on a phone, stacks under the one before with its column's name beside it (the table keeps its columns on wider screens). */
const stackedCell =
  "block py-1 sm:table-cell sm:py-2 max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";

/**
 * A quote's lines, a table per group: each line with how its amount is made (the steps add up to it) and its price rises as the team's new monthly figure.
 * The customer's page and the staff view show the same; on a phone each line stacks, every figure in view.
 */
export function QuoteLineTables({ lines, start, totals }: Pick<QuoteDocument, "lines" | "start" | "totals">) {
  return (
    <div className="grid gap-4" data-testid="quote-lines">
      {documentLinesByGroup({ lines, start }).map(({ group, label, lines: groupLines }) => (
        <table key={group} className="w-full text-left text-sm max-sm:block sm:table-fixed" data-quote-group={group}>
          <caption className="pb-2 text-left font-semibold text-slate-800">{label}</caption>
          <thead className="border-b border-slate-300 text-xs text-slate-600 uppercase max-sm:sr-only">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Description
              </th>
              <th scope="col" className="w-44 py-2 pr-3">
                Charge
              </th>
              <th scope="col" className="w-36 py-2 text-right">
                Amount ex VAT
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {groupLines.map(({ line, index, working }) => (
              <tr key={index} className="block border-b border-slate-100 py-2 align-top sm:table-row sm:py-0" data-quote-line={index}>
                <td className="block py-1 sm:table-cell sm:py-2 sm:pr-3">
                  <span className="font-medium text-slate-900">{line.description}</span>
                  <ul className="mt-1 text-xs text-slate-600" data-line-working>
                    {working.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                    {working.priceRises.map((rise) => (
                      <li key={rise} className="text-slate-700" data-line-price-rise>
                        {rise}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={cn(stackedCell, "sm:pr-3")} data-label="Charge">
                  {describeCharge(line)}
                </td>
                <td className={cn(stackedCell, "font-semibold tabular-nums sm:text-right")} data-label="Amount ex VAT" data-line-amount>
                  {formatPounds(totals.lines[index]?.amountExVatPence ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
