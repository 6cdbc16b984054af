import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * Keyboard behaviour of a modal dialog once scripts run: focus moves in on
 * open (to an `autofocus` control, else the first control), Tab and
 * Shift+Tab stay inside, Escape calls `onEscape`, the page behind does not
 * scroll, and on close focus goes back to whatever opened the dialog if it
 * is still on the page.
 */
export function useDialogFocus(panelRef: RefObject<HTMLElement>, onEscape: () => void) {
  // Read while rendering, before React commits the dialog and moves focus into it.
  const openerRef = useRef<Element | null | undefined>(undefined);
  if (openerRef.current === undefined && typeof document !== "undefined") openerRef.current = document.activeElement;

  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (!panel.contains(document.activeElement)) {
      const target = panel.querySelector<HTMLElement>("[autofocus]") ?? focusableIn(panel)[0] ?? panel;
      target.focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const controls = focusableIn(panel);
      if (controls.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = controls[0];
      const last = controls[controls.length - 1];
      const active = document.activeElement;
      if (!panel.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener("keydown", onKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const opener = openerRef.current;
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
      // The opener may be gone (a row that changed); then focus stays where the browser puts it.
      if (opener instanceof HTMLElement && opener.isConnected && !panel.contains(opener)) opener.focus({ preventScroll: true });
    };
  }, [panelRef]);
}
