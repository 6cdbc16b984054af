import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DialogFormActions } from "./dialog-actions";

interface ConfirmFormProps {
  question: ReactNode;
  /** Where Cancel goes: the page the dialog sits on. */
  cancelTo: string;
  confirmLabel?: string;
  busyLabel?: string;
}

/** A confirmation dialog's body: the question, Cancel, and a destructive button that posts to the dialog's route. */
export function ConfirmForm({ question, cancelTo, confirmLabel = "Delete", busyLabel = "Deleting..." }: ConfirmFormProps) {
  return (
    <Form method="post" preventScrollReset className="grid gap-5">
      <p className="text-slate-700">{question}</p>
      <DialogFormActions cancelTo={cancelTo} submitLabel={confirmLabel} busyLabel={busyLabel} destructive />
    </Form>
  );
}
