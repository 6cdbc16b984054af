import { X } from "./icons";
import { useFetchers } from "@remix-run/react";
import { useContext, useEffect, useRef, useState } from "react";
// The router's state: every route's action answer, on the server's render and in the browser alike.
import { UNSAFE_DataRouterStateContext as RouterStateContext } from "react-router-dom";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/messages";

const AUTO_CLOSE_MS = 5000;

/** Toasts raised in the browser itself (a file refused before it is sent) join the answers' toasts here. */
const listeners = new Set<(toast: Toast) => void>();

export function showToast(toast: Toast) {
  for (const listener of listeners) listener(toast);
}

function toastIn(answer: unknown): Toast | null {
  if (!answer || typeof answer !== "object" || !("toast" in answer)) return null;
  const toast = answer.toast as Partial<Toast> | null | undefined;
  return toast && typeof toast.id === "string" && typeof toast.title === "string" ? (toast as Toast) : null;
}

/**
 * Every toast the page's answers carry now, newest last: the flashed one (after
 * a redirect), then any route's action answer (a form shown again with its
 * errors, with or without JavaScript), then the fetchers' answers. So no form
 * has to pass its answer's toast on: the root sees them all (decision 009).
 */
function useAnswersToasts(flashed: Toast | null): Toast[] {
  const actionData = useContext(RouterStateContext)?.actionData;
  const fetchers = useFetchers();
  const toasts = [flashed, ...Object.values(actionData ?? {}).map(toastIn), ...fetchers.map((fetcher) => toastIn(fetcher.data))];
  return toasts.filter((toast): toast is Toast => toast !== null);
}

/**
 * One toast at a time (SPEC section 9), for the whole page: rendered once, by
 * the root. Rendered by the server so it shows
 * without JavaScript (dismissed there by a CSS-only checkbox); with
 * JavaScript it closes itself after 5 seconds.
 */
export function Toaster({ flashed }: { flashed: Toast | null }) {
  const answered = useAnswersToasts(flashed);
  // The page's first render (the server's) shows the newest toast it was answered with.
  const [toast, setToast] = useState<Toast | null>(answered.at(-1) ?? null);
  const shown = useRef(new Set(answered.map(({ id }) => id)));
  const [scripted, setScripted] = useState(false);

  useEffect(() => setScripted(true), []);
  // Each toast shows once: one already shown (or dismissed) is not brought back by a later render.
  const fresh = answered.filter(({ id }) => !shown.current.has(id)).at(-1);
  useEffect(() => {
    if (!fresh) return;
    shown.current.add(fresh.id);
    setToast(fresh);
  }, [fresh]);
  useEffect(() => {
    listeners.add(setToast);
    return () => {
      listeners.delete(setToast);
    };
  }, []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-center gap-2 p-4 sm:top-auto sm:bottom-0 sm:left-auto sm:w-[420px]"
    >
      {toast ? (
        <div key={toast.id}>
          {scripted ? null : <input id={`dismiss-${toast.id}`} type="checkbox" className="peer sr-only" aria-label="Dismiss notification" />}
          <div
            role={toast.kind === "destructive" ? "alert" : "status"}
            data-testid="toast"
            data-kind={toast.kind}
            className={cn(
              "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg peer-checked:hidden sm:w-[388px]",
              toast.kind === "destructive" ? "border-red-700 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900",
            )}
          >
            <div className="grid gap-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description ? <p className="text-sm">{toast.description}</p> : null}
            </div>
            {scripted ? (
              <button
                type="button"
                onClick={() => setToast(null)}
                className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
                aria-label="Dismiss notification"
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : (
              <label htmlFor={`dismiss-${toast.id}`} className="absolute top-2 right-2 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100">
                <X className="size-4" aria-hidden />
                <span className="sr-only">Dismiss notification</span>
              </label>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
