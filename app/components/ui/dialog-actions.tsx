import type { ReactNode } from "react";

/** The button row at the foot of a dialog: stacked on phones (main action on top), in a row from small screens. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
