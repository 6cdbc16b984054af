import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "./button";
import { DialogActions } from "./dialog-actions";

interface ConfirmFormProps {
  question: ReactNode;
  /** Where Cancel goes: the page the dialog sits on. */
  cancelTo: string;
  confirmLabel?: string;
  busyLabel?: string;
}

/** A confirmation dialog's body: the question, Cancel, and a destructive button that posts to the dialog's route. */
export function ConfirmForm({ question, cancelTo, confirmLabel = "Delete", busyLabel = "Deleting..." }: ConfirmFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset className="grid gap-5">
      <p className="text-slate-700">{question}</p>
      <DialogActions>
        <Link to={cancelTo} preventScrollReset className={buttonClasses("outline", "md")}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Form>
  );
}
