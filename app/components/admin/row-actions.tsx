import { Link, useLocation } from "@remix-run/react";
import { __iconNode as eyeIcon } from "lucide-react/dist/esm/icons/eye.js";
import { __iconNode as trashIcon } from "lucide-react/dist/esm/icons/trash-2.js";
import { createElement } from "react";

interface RowActionsProps {
  /** The record's dialog path, e.g. `/admin/leads/12`; delete is `{path}/delete`. */
  path: string;
  /** Screen-reader names of the two icon links. */
  viewLabel: string;
  deleteLabel: string;
  canDelete: boolean;
}

const ROW_ICONS = { "row-icon-view": eyeIcon, "row-icon-delete": trashIcon } as const;
type RowIconId = keyof typeof ROW_ICONS;

/**
 * The row icons' drawings, once per list (ListTable renders it): each row then
 * points at them with <use>, which keeps a 50-row page about a third lighter.
 */
export function RowIconSprite() {
  return (
    <svg aria-hidden className="hidden">
      {Object.entries(ROW_ICONS).map(([id, shapes]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          {shapes.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes }))}
        </symbol>
      ))}
    </svg>
  );
}

function RowIcon({ id }: { id: RowIconId }) {
  return (
    <svg aria-hidden className="size-4">
      <use href={`#${id}`} />
    </svg>
  );
}

/** View and delete for a row: links to the dialog routes, keeping the list's search and page. */
export function RowActions({ path, viewLabel, deleteLabel, canDelete }: RowActionsProps) {
  const { search } = useLocation();
  return (
    <div className="flex justify-end gap-1">
      <Link to={`${path}${search}`} preventScrollReset className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
        <RowIcon id="row-icon-view" />
        <span className="sr-only">{viewLabel}</span>
      </Link>
      {canDelete ? (
        <Link to={`${path}/delete${search}`} preventScrollReset className="rounded-md p-2 text-red-700 hover:bg-red-50">
          <RowIcon id="row-icon-delete" />
          <span className="sr-only">{deleteLabel}</span>
        </Link>
      ) : null}
    </div>
  );
}
