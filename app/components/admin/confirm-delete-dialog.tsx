import type { ReactNode } from "react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/dialog";

interface ConfirmDeleteDialogProps {
  title: string;
  /** Which record: shown under the title. */
  description?: ReactNode;
  /** The question, e.g. "Are you sure you want to delete this lead? This action cannot be undone." */
  question: string;
  /** Where Cancel and closing go: the list, with its search and page. */
  closeTo: string;
  /** False when the record is gone: the dialog says `goneText` instead of asking. */
  found: boolean;
  goneText: string;
  confirmLabel?: string;
  busyLabel?: string;
}

/** A delete confirmation as a route dialog: the form posts to the route's own action. */
export function ConfirmDeleteDialog({
  title,
  description,
  question,
  closeTo,
  found,
  goneText,
  confirmLabel = "Delete",
  busyLabel = "Deleting...",
}: ConfirmDeleteDialogProps) {
  return (
    <RouteDialog title={title} description={description} closeTo={closeTo}>
      {found ? (
        <ConfirmForm question={question} cancelTo={closeTo} confirmLabel={confirmLabel} busyLabel={busyLabel} />
      ) : (
        <p className="text-slate-700">{goneText}</p>
      )}
    </RouteDialog>
  );
}
