import { useEffect } from "react";

let hydrated = false;

/**
 * Whether this page has hydrated: false on the server and during hydration itself, true for anything React mounts after that (a client-side navigation). Markup
 * that must match the server's render only during hydration (the carousel's `<style>`) asks this.
 */
export function isHydrated(): boolean {
  return hydrated;
}

/** Called once by the root: marks hydration done when its first effects run. */
export function useMarkHydrated(): void {
  useEffect(() => {
    hydrated = true;
  }, []);
}
