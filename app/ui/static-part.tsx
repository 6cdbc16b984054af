import { useNavigate } from "@remix-run/react";
import { Component, lazy, startTransition, useEffect, useId, useRef, useState, type ComponentType, type ReactNode, type RefObject } from "react";
import { isHydrated } from "~/lib/hydration";
import type { JsonProps } from "~/lib/json";

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

/** What a visitor has done in a part that its own render would lose: where focus is and what was typed. */
interface VisitorState {
  focused: number;
  typed: Map<string, string>;
}

function readVisitorState(part: HTMLElement): VisitorState {
  const typed = new Map<string, string>();
  for (const field of part.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]")) {
    if (field.type !== "hidden" && field.type !== "checkbox" && field.type !== "radio" && field.value !== field.defaultValue)
      typed.set(field.name, field.value);
  }
  return { focused: [...part.querySelectorAll("*")].indexOf(document.activeElement as Element), typed };
}

/** The part's own render has the server's structure, so the same element (by position) takes focus back. */
function restoreVisitorState(part: HTMLElement, { focused, typed }: VisitorState) {
  for (const [name, value] of typed) {
    const field = part.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`);
    if (field) field.value = value;
  }
  if (focused >= 0 && (document.activeElement === null || document.activeElement === document.body)) {
    (part.querySelectorAll("*")[focused] as HTMLElement | undefined)?.focus({ preventScroll: true });
  }
}

/**
 * When an interactive part loads its code: `in-view` when any of it is on screen or the visitor
 * points at, touches or tabs into it; `intent` only for the latter (a part that is on screen for
 * everyone, such as the cookie banner).
 */
export type WakeOn = "in-view" | "intent";

const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

interface PartOptions {
  /**
   * Makes it an interactive part: the server's HTML works on its own (links, forms posting to the
   * server), and its code loads when the visitor is about to use it.
   */
  wakeOn?: WakeOn;
  /** Something in the browser that needs the part's code at once (read once the page has hydrated). */
  wakeAtOnce?: () => boolean;
}

/**
 * A part's name, where its props are JSON. Otherwise the compiler says why instead: checked here
 * rather than in `P`'s constraint, because TypeScript falls back to a constraint that an
 * inferred `P` does not meet.
 */
type PartName<P> = P extends JsonProps<P> ? string : "A static part's props must be JSON: no functions, dates, maps or class instances";

/**
 * A part of a page whose code the browser downloads only when the server's HTML for it is not
 * enough. Its props must be JSON (`JsonProps`: they are compared as JSON, and a function or a date
 * would not compile), and its HTML must depend on them alone and the site's constants: no hooks
 * reading the router, loader data or context, no clock. Whatever else it shows (the brand, the
 * current path, the year) is passed in as a prop.
 *
 * - On the server `ServerPart` renders it (import it from a `.server` module, which the browser's
 *   build leaves empty, so `ServerPart` is undefined there).
 * - Hydrating, the browser keeps the server's HTML as it is; its links still navigate in the app.
 * - Its code is loaded (`load`) and it renders as usual when the server's HTML would be wrong: its
 *   props change (new loader data), it is mounted with props no server HTML was seen for (a
 *   client-side navigation to its page), or one of its images fails to load (the part shows its
 *   placeholder). An interactive part (`wakeOn`) also loads it when the visitor comes to use it;
 *   focus and anything typed are carried over. Router updates are transitions, and so is waking,
 *   so the server's HTML stays on screen until the code is there.
 */
export function staticPart<P extends object>(
  name: PartName<P>,
  ServerPart: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  { wakeOn, wakeAtOnce }: PartOptions = {},
): ComponentType<P> {
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
    const [hydrating] = useState(() => !isHydrated());
    const [needsCode, setNeedsCode] = useState(false);
    const version = `${name} ${JSON.stringify(props)}`;

    // Only while the page hydrates is the element on screen the server's HTML for these props.
    if (typeof document !== "undefined" && !isHydrated() && !serverHtml.has(version)) {
      const rendered = document.querySelector(`[data-static-part="${id}"]`);
      if (rendered) serverHtml.set(version, rendered.innerHTML);
    }
    // An interactive part keeps the server's HTML only on the page the server rendered.
    const html = ServerPart || needsCode || (wakeOn && !hydrating) ? undefined : serverHtml.get(version);

    useEffect(() => {
      const part = element.current;
      if (html === undefined || !part) return;
      const comeAlive = () => startTransition(() => setNeedsCode(true));
      // Woken after hydration, never during it: a part that waits for its code while the page
      // hydrates would make React hydrate the whole page again (error #418).
      if (hasBrokenImage(part) || (wakeOn && wakeAtOnce?.())) comeAlive();
      // An image's error event does not bubble, but it passes its ancestors on the way down.
      part.addEventListener("error", comeAlive, true);
      const followLink = (event: MouseEvent) => followAppLink(event, part, navigate);
      part.addEventListener("click", followLink);
      if (wakeOn) for (const type of INTENT_EVENTS) part.addEventListener(type, comeAlive, { passive: true });
      // Says the part is listening for the visitor (an empty part has nothing to wake).
      if (wakeOn && part.childElementCount > 0) part.setAttribute("data-waiting", "");
      // `display: contents` has no box of its own: its children are what can be seen.
      const inView = wakeOn === "in-view" ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && comeAlive()) : null;
      for (const child of part.children) inView?.observe(child);
      return () => {
        part.removeEventListener("error", comeAlive, true);
        part.removeEventListener("click", followLink);
        if (wakeOn) for (const type of INTENT_EVENTS) part.removeEventListener(type, comeAlive);
        inView?.disconnect();
      };
    }, [html, navigate]);

    if (ServerPart) {
      return (
        <div data-static-part={id} data-wake-on={wakeOn} className="contents">
          <ServerPart {...props} />
        </div>
      );
    }
    return (
      <VisitorStateKeeper part={element} serverHtml={html !== undefined}>
        {html !== undefined ? (
          <div
            key="server"
            ref={element}
            data-static-part={id}
            data-wake-on={wakeOn}
            className="contents"
            dangerouslySetInnerHTML={{ __html: html }}
            suppressHydrationWarning
          />
        ) : (
          <div key="live" ref={element} data-static-part={id} data-wake-on={wakeOn} data-live="" className="contents">
            <LivePart {...props} />
          </div>
        )}
      </VisitorStateKeeper>
    );
  }
  StaticPart.displayName = `StaticPart(${name})`;
  return StaticPart;
}

/**
 * Carries focus and typed text from the server's HTML over to the part's own render: read just
 * before React swaps them (the server's HTML is still in the document), put back just after.
 */
class VisitorStateKeeper extends Component<{ part: RefObject<HTMLElement>; serverHtml: boolean; children: ReactNode }> {
  getSnapshotBeforeUpdate(previous: { serverHtml: boolean }): VisitorState | null {
    const part = this.props.part.current;
    return previous.serverHtml && !this.props.serverHtml && part ? readVisitorState(part) : null;
  }

  componentDidUpdate(_previous: unknown, _state: unknown, snapshot: VisitorState | null) {
    const part = this.props.part.current;
    if (snapshot && part) restoreVisitorState(part, snapshot);
  }

  render() {
    return this.props.children;
  }
}
