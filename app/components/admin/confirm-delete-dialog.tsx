import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/dialog";
import { DialogActions } from "~/components/ui/dialog-actions";

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
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={title} description={description} closeTo={closeTo}>
      {found ? (
        <Form method="post" preventScrollReset className="grid gap-5">
          <p className="text-slate-700">{question}</p>
          <DialogActions>
            <Link to={closeTo} preventScrollReset className={buttonClasses("outline", "md")}>
              Cancel
            </Link>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </DialogActions>
        </Form>
      ) : (
        <p className="text-slate-700">{goneText}</p>
      )}
    </RouteDialog>
  );
}
