import { X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/messages";

const AUTO_CLOSE_MS = 5000;

/** Script-side toasts (from fetcher answers) join the server's flash toasts here. */
const listeners = new Set<(toast: Toast) => void>();

export function showToast(toast: Toast) {
  for (const listener of listeners) listener(toast);
}

/** Shows a toast carried in an action's answer, once per toast. */
export function useToastFromAnswer(answer: { toast?: Toast | null } | undefined | null) {
  const toast = answer?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

/**
 * One toast at a time (SPEC section 9). Rendered by the server so it shows
 * without JavaScript (dismissed there by a CSS-only checkbox); with
 * JavaScript it closes itself after 5 seconds.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const [toast, setToast] = useState<Toast | null>(serverToast);
  const [scripted, setScripted] = useState(false);

  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (serverToast) setToast(serverToast);
  }, [serverToast]);
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
