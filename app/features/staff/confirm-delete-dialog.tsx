import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmForm } from "~/ui/confirm-form";
import { RouteDialog } from "~/ui/dialog";
import { DELETE_DIALOGS, type DeleteDialog, type DeletedRecord } from "./delete-dialogs";

interface ConfirmDeleteDialogProps {
  /** Which kind of record: the dialog's words and the list it sits on. */
  of: DeletedRecord;
  /** Which record: shown under the title. */
  description?: ReactNode;
  /** False when the record is gone: the dialog says so instead of asking. */
  found: boolean;
}

/** A delete confirmation as a route dialog over its list: the form posts to the route's own action. */
export function ConfirmDeleteDialog({ of, description, found }: ConfirmDeleteDialogProps) {
  const dialog: DeleteDialog = DELETE_DIALOGS[of];
  // Closing goes back to the list with its search and page.
  const closeTo = `${dialog.list}${useLocation().search}`;
  return (
    <RouteDialog title={dialog.title} description={description} closeTo={closeTo}>
      {found ? (
        <ConfirmForm
          question={dialog.question}
          cancelTo={closeTo}
          confirmLabel={dialog.confirmLabel ?? "Delete"}
          busyLabel={dialog.busyLabel ?? "Deleting..."}
        />
      ) : (
        <p className="text-slate-700">{dialog.goneText}</p>
      )}
    </RouteDialog>
  );
}
