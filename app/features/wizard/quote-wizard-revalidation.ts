// Apart from `quote-wizard.ts`: the pages hosting the wizard ship this to the browser as their `shouldRevalidate`; the wizard's code loads only when used.

/** A hosting page's `shouldRevalidate`: after a wizard post, the page's own data is unchanged. */
export function skipRevalidationAfterWizardSteps({
  formMethod,
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  formAction?: string;
  currentUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (formMethod?.toUpperCase() === "POST" && formAction?.split(/[?#]/)[0] === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}
