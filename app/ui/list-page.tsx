import { useLocation } from "@remix-run/react";
import { Download, type IconComponent } from "./icons";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { Pagination } from "./pagination";
import { cn } from "~/lib/cn";
import { StatCard } from "./stat-card";
import { formatCount } from "~/lib/money";
import { countOf, titleWithCount } from "~/lib/plural";

/** The pieces every staff list is made of: title with export, count cards, the table and its pages. */

export function ListHeader({ title, count, intro, exportHref }: { title: string; count: number; intro: string; exportHref: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{titleWithCount(title, count)}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      <a href={exportHref} download className={buttonClasses("outline", "md")}>
        <Download className="size-4" aria-hidden /> Export CSV
      </a>
    </div>
  );
}

/** The export link for the list as searched: the same query, without the page. */
export function exportHref(path: string, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  return `${path}${query.size ? `?${query}` : ""}`;
}

export interface CountCard {
  key: string;
  label: string;
  value: number;
  icon: IconComponent;
}

export function CountCards({ label, cards, testId }: { label: string; cards: CountCard[]; testId: string }) {
  return (
    <section aria-label={label} className={cn("grid grid-cols-2 gap-3 sm:gap-4", cards.length > 2 && "xl:grid-cols-4")}>
      {cards.map((card) => (
        <StatCard key={card.key} label={card.label} value={formatCount(card.value)} icon={card.icon} testId={testId} />
      ))}
    </section>
  );
}

/** What a search or filter matched, for "Found 1 lead": `filtered` when the list is searched or filtered; `one` / `many` the entries' word. */
export interface FoundCount {
  filtered: boolean;
  count: number;
  one: string;
  many?: string;
}

/**
 * The list's card: what a search found, its table (or empty state) and, when there is more than one page, the pages. "Found 3 leads" is said only when a
 * search or filter found some: nothing found shows the empty state alone. It is a status region, so a screen reader hears it as the list follows typing.
 */
export function ListPanel({
  label,
  page,
  pageCount,
  found,
  children,
}: {
  label: string;
  page: number;
  pageCount: number;
  found?: FoundCount;
  children: ReactNode;
}) {
  const { search } = useLocation();
  const foundWords = found?.filtered && found.count > 0 ? `Found ${countOf(found.count, found.one, found.many)}` : "";
  return (
    <section aria-label={label} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {found ? (
        <p
          role="status"
          data-testid="found-count"
          className={cn("border-b border-slate-200 px-4 py-3 text-sm font-medium text-slate-700", !foundWords && "sr-only")}
        >
          {foundWords}
        </p>
      ) : null}
      {children}
      {pageCount > 1 ? (
        <div className="border-t border-slate-200 px-4 py-3">
          <Pagination page={page} pageCount={pageCount} search={search} />
        </div>
      ) : null}
    </section>
  );
}

/** A column's name, or its name and classes (e.g. shown only from a breakpoint: match them on the cells). */
export type ListColumn = string | { label: string; className: string };

/**
 * Below `md` a stacked list shows each row as a card, each cell under its column's name (`ListCell`'s label):
 * a phone sees every field, the status and the actions without scrolling sideways.
 */
const STACKED_BELOW_MD = cn(
  "max-md:block max-md:[&_thead]:hidden max-md:[&_tbody]:block max-md:[&_tr]:grid max-md:[&_tr]:gap-2 max-md:[&_tr]:px-4 max-md:[&_tr]:py-4",
  "max-md:[&_td]:grid max-md:[&_td]:grid-cols-[7rem_minmax(0,1fr)] max-md:[&_td]:items-start max-md:[&_td]:justify-items-start max-md:[&_td]:gap-3 max-md:[&_td]:p-0 max-md:[&_td]:text-left",
  "max-md:[&_td]:before:pt-0.5 max-md:[&_td]:before:text-xs max-md:[&_td]:before:font-semibold max-md:[&_td]:before:text-slate-500 max-md:[&_td]:before:uppercase",
  "max-md:[&_td]:max-w-none max-md:[&_td]:[overflow-wrap:anywhere] max-md:[&_td]:before:content-[attr(data-label)]",
);

/** A list's table: a header row of column names (the last, Actions, on the right) and the rows; `stacked`: cards on a phone. */
export function ListTable({ columns, stacked = false, children }: { columns: readonly ListColumn[]; stacked?: boolean; children: ReactNode }) {
  return (
    // Relative, so what is positioned inside (screen-reader names of icon links) scrolls with the table, never widening the page.
    <div className="relative overflow-x-auto">
      <table className={cn("min-w-full divide-y divide-slate-200 text-sm", stacked && STACKED_BELOW_MD)}>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => {
              const { label, className } = typeof column === "string" ? { label: column, className: undefined } : column;
              return (
                <th key={label} scope="col" className={cn("px-3 py-3", index === columns.length - 1 && "text-right", className)}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

/** A cell of a stacked list: `label` is its column's name, shown beside it on a phone. */
export function ListCell({
  label,
  className,
  children,
  ...rest
}: { label: string; className?: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <td data-label={label} className={cn("px-3 py-3", className)} {...rest}>
      {/* One box beside the label on a phone, however many pieces the cell shows. */}
      <div className="min-w-0">{children}</div>
    </td>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="px-6 py-12 text-center text-slate-600">{children}</p>;
}
