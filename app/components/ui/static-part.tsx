import { useNavigate } from "@remix-run/react";
import { lazy, startTransition, useEffect, useId, useRef, useState, type ComponentType } from "react";
import { isHydrated } from "~/lib/hydration";

/**
 * The HTML the server rendered for each static part a page hydrated, by part and props: a part
 * mounted again with the same props (a client-side navigation back to its page) shows it again
 * instead of downloading its code.
 */
const serverHtml = new Map<string, string>();

/** Follows a click on one of Remix's own links (they carry `data-discover`) in the app, as `<Link>` would have. */
function followAppLink(event: MouseEvent, part: HTMLElement, navigate: ReturnType<typeof useNavigate>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest("a");
  if (!link || !part.contains(link) || link.getAttribute("data-discover") !== "true") return;
  if (link.target && link.target !== "_self") return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  const to = url.pathname + url.search + url.hash;
  navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
}

/** Whether an image in the part failed to load (before or after the page hydrated). */
function hasBrokenImage(element: HTMLElement) {
  return [...element.querySelectorAll("img")].some((image) => image.complete && image.naturalWidth === 0 && image.currentSrc !== "");
}

/**
 * A part of a page that only ever shows what the server rendered, so the browser neither downloads
 * nor runs its code while that HTML is true: the part's props must be plain data (as loaders give
 * them), and its HTML must depend on nothing else but the site's constants.
 *
 * - On the server `ServerPart` renders it (import it from a `.server` module, which the browser's
 *   build leaves empty, so `ServerPart` is undefined there).
 * - Hydrating, the browser keeps the server's HTML as it is; its links still navigate in the app.
 * - Its code is loaded (`load`) and it renders as usual only when the server's HTML would be
 *   wrong: its props change (new loader data), it is mounted with props no server HTML was seen
 *   for (a client-side navigation to its page), or one of its images fails to load (the part
 *   shows its placeholder). Router updates are transitions, so the old HTML stays on screen until
 *   the code is there.
 */
export function staticPart<P extends object>(name: string, ServerPart: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Cast: React's types lose a generic component's props through lazy().
  const LivePart = lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => {
        // New code was deployed and this page's chunks are gone: a fresh document has them.
        window.location.reload();
        return new Promise<never>(() => {});
      },
    ),
  ) as unknown as ComponentType<P>;

  function StaticPart(props: P) {
    const id = useId();
    const navigate = useNavigate();
    const element = useRef<HTMLDivElement>(null);
    const [needsCode, setNeedsCode] = useState(false);
    const version = `${name} ${JSON.stringify(props)}`;

    if (typeof document !== "undefined" && !isHydrated() && !serverHtml.has(version)) {
      const rendered = document.querySelector(`[data-static-part="${id}"]`);
      if (rendered) serverHtml.set(version, rendered.innerHTML);
    }
    const html = ServerPart || needsCode ? undefined : serverHtml.get(version);

    useEffect(() => {
      const part = element.current;
      if (html === undefined || !part) return;
      const comeAlive = () => startTransition(() => setNeedsCode(true));
      if (hasBrokenImage(part)) comeAlive();
      // An image's error event does not bubble, but it passes its ancestors on the way down.
      part.addEventListener("error", comeAlive, true);
      const followLink = (event: MouseEvent) => followAppLink(event, part, navigate);
      part.addEventListener("click", followLink);
      return () => {
        part.removeEventListener("error", comeAlive, true);
        part.removeEventListener("click", followLink);
      };
    }, [html, navigate]);

    if (ServerPart) {
      return (
        <div data-static-part={id} className="contents">
          <ServerPart {...props} />
        </div>
      );
    }
    if (html !== undefined) {
      return <div key="server" ref={element} data-static-part={id} className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
    }
    return (
      <div key="live" data-static-part={id} className="contents">
        <LivePart {...props} />
      </div>
    );
  }
  StaticPart.displayName = `StaticPart(${name})`;
  return StaticPart;
}
