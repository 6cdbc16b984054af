/**
 * Menus (`<details data-menu>`) close when the visitor chooses one of their links, even one to
 * the page they are on, and on Escape, which puts focus back on the menu's button. Listens on the
 * whole document rather than in the menu's component: the site header is a static part, whose
 * code the browser does not load until its props change.
 */
export function listenToMenus(document: Document): () => void {
  const closeOnChoice = (event: MouseEvent) => {
    const menu = (event.target as Element).closest?.("a[href]")?.closest<HTMLDetailsElement>("details[data-menu]");
    if (menu) menu.open = false;
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  };
  document.addEventListener("click", closeOnChoice);
  document.addEventListener("keydown", closeOnEscape);
  return () => {
    document.removeEventListener("click", closeOnChoice);
    document.removeEventListener("keydown", closeOnEscape);
  };
}
