import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "./button";
import { DialogActions } from "./dialog-actions";

/** A confirmation dialog's body: the question, Cancel (back to `closeTo`) and the destructive button that posts. */
export function ConfirmForm({
  question,
  closeTo,
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
}: {
  question: string;
  closeTo: string;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset className="grid gap-5">
      <p className="text-slate-700">{question}</p>
      <DialogActions>
        <Link to={closeTo} preventScrollReset className={buttonClasses("outline", "md")}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Form>
  );
}
