/**
 * Which of the app's routes an address belongs to, by its pattern (`/admin/leads/:id`), and the one spelling of that address. Matched the way Remix matches
 * (React Router's ranking: static segments before dynamic ones before a splat; case-insensitive; each segment percent-decoded), from a table built once: React
 * Router's own `matchRoutes` ranks every route again on each call, which costs more than answering a cached page.
 */

/** A route as the server build lists it. */
export interface RouteDefinition {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

export interface RouteMatch {
  /** The full pattern, like `/admin/leads/:id`; `/*` or `/admin/*` for a catch-all (splat) route. */
  pattern: string;
  /** Matched only by a catch-all route: an address the app has no page for. */
  splat: boolean;
  /** The matched route and its parents, outermost first. */
  routeIds: string[];
}

interface Branch {
  pattern: string;
  splat: boolean;
  routeIds: string[];
  regex: RegExp;
  score: number;
  order: number;
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking: more segments, static over dynamic, index routes first, splats last. */
function score(pattern: string, index: boolean | undefined): number {
  const segments = pattern.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

function escapeRegex(text: string): string {
  return text.replace(/[\\.*+^${}|()[\]?]/g, "\\$&");
}

function joinPaths(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, "/");
}

function branchesOf(routes: RouteDefinition[]): Branch[] {
  const children = new Map<string | undefined, RouteDefinition[]>();
  for (const route of routes) children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  const branches: Branch[] = [];
  const visit = (parentId: string | undefined, parentPath: string, parentIds: string[]) => {
    for (const route of children.get(parentId) ?? []) {
      const path = joinPaths(parentPath, route.path ?? "");
      const routeIds = [...parentIds, route.id];
      visit(route.id, path, routeIds);
      // A layout route without a path of its own (`_site`) is not an address by itself.
      if (route.path === undefined && !route.index) continue;
      const pattern = path.length > 1 ? path.replace(/\/$/, "") : "/";
      const splat = pattern.endsWith("*");
      const base = pattern.replace(/\/*\*$/, "");
      const source = base
        .split("/")
        .filter(Boolean)
        // `:token.pdf` (a route file `$token[.]pdf`): a parameter then fixed text, as React Router compiles it.
        .map((segment) =>
          PARAM.test(segment) ? "/([^/]+)" : segment.startsWith(":") ? `/([^/]+)${escapeRegex(segment.replace(/^:[\w-]+/, ""))}` : `/${escapeRegex(segment)}`,
        )
        .join("");
      const tail = splat ? "(?:/.*)?$" : "/*$";
      branches.push({
        pattern: splat ? `${base}/*` : pattern,
        splat,
        routeIds,
        regex: new RegExp(`^${source}${tail}`, route.caseSensitive ? undefined : "i"),
        score: score(pattern, route.index),
        order: branches.length,
      });
    }
  };
  visit(undefined, "/", []);
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** Each segment decoded, as Remix does before matching (an encoded `/` stays encoded). */
function decodeSegments(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}

/** A matcher over the given routes: the address's route, or undefined when no route has it. */
export function routeMatcher(routes: RouteDefinition[]): (path: string) => RouteMatch | undefined {
  const branches = branchesOf(routes);
  return (path) => {
    const decoded = decodeSegments(path);
    const branch = branches.find((candidate) => candidate.regex.test(decoded));
    return branch && { pattern: branch.pattern, splat: branch.splat, routeIds: branch.routeIds };
  };
}

/** Letters, digits, `-`, `_` and `~` mean the same percent-encoded or not (RFC 3986, 2.3). */
const UNRESERVED = /^[A-Za-z0-9_~-]$/;

/**
 * The address as the app spells it: one slash between segments and none at the end, the route's fixed words in the route's own spelling (lower case),
 * unreserved characters not percent-encoded. A dynamic segment (an image's stored name, a lead's id) is kept as it was sent, case included. Undefined when
 * there is no one spelling to send a visitor to: no route, or only a catch-all one (those answer 404 whatever the spelling).
 */
export function canonicalPath(path: string, match: (path: string) => RouteMatch | undefined): string | undefined {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
        const character = String.fromCharCode(parseInt(hex, 16));
        return UNRESERVED.test(character) ? character : escape.toUpperCase();
      }),
    );
  const route = match(`/${segments.join("/")}`);
  if (!route || route.splat) return undefined;
  const patternSegments = route.pattern.split("/").filter(Boolean);
  if (patternSegments.length !== segments.length) return undefined;
  const canonical = `/${patternSegments.map((segment, index) => (segment.startsWith(":") ? segments[index] : segment)).join("/")}`;
  // Never a Location a browser could read as another site's (`//host`, `/\host`).
  return /^\/[/\\]/.test(canonical) ? undefined : canonical;
}
