import { Link } from "@remix-run/react";
import { Reply, Trash2 } from "./icons";
import { buttonClasses } from "./button";
import { DialogActions } from "./dialog-actions";

interface RecordActionsProps {
  /** The delete dialog of the record, or null when the user may not delete. */
  deleteTo: string | null;
  deleteLabel: string;
  /** A mailto link to answer the sender. */
  replyTo?: string;
}

/** The foot of a details dialog: delete (for those allowed) and reply by email. */
export function RecordActions({ deleteTo, deleteLabel, replyTo }: RecordActionsProps) {
  if (!deleteTo && !replyTo) return null;
  return (
    <DialogActions>
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset className={buttonClasses("outline", "md")}>
          <Trash2 className="size-4 text-red-700" aria-hidden /> {deleteLabel}
        </Link>
      ) : null}
      {replyTo ? (
        <a href={replyTo} className={buttonClasses("primary", "md")}>
          <Reply className="size-4" aria-hidden /> Reply by email
        </a>
      ) : null}
    </DialogActions>
  );
}
