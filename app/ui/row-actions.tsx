import { Link, useLocation } from "@remix-run/react";
import { Eye, Trash2 } from "./icons";

interface RowActionsProps {
  /** The record's dialog path, e.g. `/admin/leads/12`; delete is `{path}/delete`. */
  path: string;
  /** Screen-reader names of the two icon links. */
  viewLabel: string;
  deleteLabel: string;
  canDelete: boolean;
}

/** View and delete for a row: links to the dialog routes, keeping the list's search and page. */
export function RowActions({ path, viewLabel, deleteLabel, canDelete }: RowActionsProps) {
  const { search } = useLocation();
  return (
    <div className="flex justify-end gap-1">
      <Link to={`${path}${search}`} preventScrollReset className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
        <Eye className="size-4" />
        <span className="sr-only">{viewLabel}</span>
      </Link>
      {canDelete ? (
        <Link to={`${path}/delete${search}`} preventScrollReset className="rounded-md p-2 text-red-700 hover:bg-red-50">
          <Trash2 className="size-4" />
          <span className="sr-only">{deleteLabel}</span>
        </Link>
      ) : null}
    </div>
  );
}
