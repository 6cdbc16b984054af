import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "./button";
import { RouteDialog } from "./dialog";

/** The button row at the foot of a dialog: stacked on phones (main action on top), in a row from small screens. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

interface DialogFormActionsProps {
  /** Where Cancel goes: the page the dialog sits on. */
  cancelTo: string;
  submitLabel: string;
  /** Shown on the submit button while the form is being sent. */
  busyLabel: string;
  destructive?: boolean;
  /** Focus Cancel when the dialog opens, so Enter never confirms by accident. */
  focusCancel?: boolean;
}

/** Cancel and the submit button of a dialog's form; the button is disabled while the form is sent. */
export function DialogFormActions({ cancelTo, submitLabel, busyLabel, destructive = false, focusCancel = false }: DialogFormActionsProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <DialogActions>
      <ButtonLink to={cancelTo} preventScrollReset variant="outline" autoFocus={focusCancel}>
        Cancel
      </ButtonLink>
      <Button type="submit" variant={destructive ? "destructive" : "primary"} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogActions>
  );
}

/** A dialog that only tells something (nothing to do here) and offers one way back. */
export function NoticeDialog({ title, message, closeTo, closeLabel = "Close" }: { title: string; message: string; closeTo: string; closeLabel?: string }) {
  return (
    <RouteDialog title={title} description={message} closeTo={closeTo}>
      <DialogActions>
        <ButtonLink to={closeTo} preventScrollReset variant="outline" autoFocus>
          {closeLabel}
        </ButtonLink>
      </DialogActions>
    </RouteDialog>
  );
}
