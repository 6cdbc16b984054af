import { Link, useNavigate } from "@remix-run/react";
import { X } from "./icons";
import { useCallback, useId, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { useDialogFocus } from "./use-dialog-focus";

interface RouteDialogProps {
  title: string;
  description?: ReactNode;
  /** Where closing goes: the page the dialog sits on. */
  closeTo: string;
  children?: ReactNode;
  /** A wider panel, for dialogs that show a whole record; "extra" for a whole form of rows (a quote's lines). */
  wide?: boolean | "extra";
}

/**
 * A dialog that is a route. The server renders it as a real overlay over
 * the parent page, so without JavaScript it is a page with the list dimmed
 * behind it and links that close it; with JavaScript it behaves as a modal
 * (focus kept inside, Escape and the backdrop close it).
 */
export function RouteDialog({ title, description, closeTo, children, wide = false }: RouteDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const close = useCallback(() => navigate(closeTo, { preventScrollReset: true }), [navigate, closeTo]);
  useDialogFocus(panelRef, close);

  return (
    <div className="fixed inset-0 z-40 overflow-y-auto" data-testid="route-dialog">
      {/* The backdrop is a link so a click on it closes the dialog, scripts or not; keyboards use the Close link. */}
      <Link to={closeTo} preventScrollReset aria-hidden="true" tabIndex={-1} className="fixed inset-0 bg-slate-900/60" data-testid="dialog-backdrop" />
      {/* A full-height sheet on a phone; a centred panel from `sm`. */}
      <div className="pointer-events-none relative flex min-h-full items-stretch justify-center sm:items-center sm:p-6">
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={cn(
            "pointer-events-auto relative grid w-full content-start gap-5",
            wide === "extra" ? "max-w-5xl" : wide ? "max-w-2xl" : "max-w-lg",
            "bg-white p-4 shadow-xl ring-1 ring-slate-200 focus:outline-none sm:rounded-xl sm:p-6",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <Link to={closeTo} preventScrollReset className="-mt-2 -mr-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <X className="size-5" aria-hidden />
              <span className="sr-only">Close</span>
            </Link>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
