import { Outlet } from "@remix-run/react";
import { CalendarDays, type IconComponent } from "~/ui/icons";
import type { ReactNode } from "react";
import type { InboxCounts } from "./inboxes";
import { CountCards, exportHref, ListHeader, ListPanel } from "~/ui/list-page";
import { SearchForm } from "~/ui/search-form";

interface InboxScreenProps {
  /** The screen's path, e.g. `/admin/enquiries`: search, export (`{path}/export`) and dialogs hang off it. */
  path: string;
  title: string;
  intro: string;
  /** The entries' name in the cards and for screen readers, e.g. "enquiries". */
  noun: string;
  /** One entry's name, for what a search found: "enquiry". */
  one: string;
  icon: IconComponent;
  counts: InboxCounts;
  q: string;
  searchPlaceholder: string;
  page: { total: number; page: number; pageCount: number };
  /** The table of this page's entries (or its empty state). */
  children: ReactNode;
}

/**
 * A staff inbox (contact enquiries, newsletter sign-ups): title with the
 * matching count and Export CSV, cards, search, the table and its pages, and
 * the dialog routes over it.
 */
export function InboxScreen({ path, title, intro, noun, one, icon, counts, q, searchPlaceholder, page, children }: InboxScreenProps) {
  const id = path.split("/").pop();
  return (
    <div className="grid gap-6">
      <ListHeader title={title} count={page.total} intro={intro} exportHref={exportHref(`${path}/export`, { q })} />
      <CountCards
        label={`Totals of ${noun}`}
        testId={`${id}-count`}
        cards={[
          { key: "total", label: `Total ${noun}`, value: counts.total, icon },
          { key: "week", label: "This week", value: counts.thisWeek, icon: CalendarDays },
        ]}
      />
      <SearchForm
        action={path}
        id={`${id}-search`}
        label={`Search ${noun}`}
        placeholder={searchPlaceholder}
        q={q}
        className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_auto]"
      />
      <ListPanel label={title} page={page.page} pageCount={page.pageCount} found={{ filtered: q !== "", count: page.total, one, many: noun }}>
        {children}
      </ListPanel>
      <Outlet />
    </div>
  );
}
