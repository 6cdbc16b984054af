import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { canonicalPath, routeMatcher } from "~/platform/route-patterns";
import { readManifest } from "../../scripts/client-build.js";
import { projectRoot } from "../../scripts/built-server.js";

/**
 * The server matches each request against the app's routes with @remix-run/router's CommonJS
 * build, which `patches/` changes (by `npm install`) to rank the routes once and compile each
 * pattern once instead of on every request: that was over a third of the server's time per lead.
 * The browser uses the package's untouched ES module build, so the two must always agree.
 */
type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] };
type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string };
type MatchRoutes = (routes: RouteObject[], location: string) => Match[] | null;

const require = createRequire(import.meta.url);
const routerDist = path.join(projectRoot, "node_modules/@remix-run/router/dist");
const serverMatchRoutes: MatchRoutes = require(path.join(routerDist, "router.cjs.js")).matchRoutes;
const untouchedMatchRoutes: MatchRoutes = (await import(pathToFileURL(path.join(routerDist, "router.js")).href)).matchRoutes;

type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
/** The app's routes as the build lists them (the browser's manifest: the same tree the server has). */
const build: { routes: Record<string, BuiltRoute> } = readManifest();

function routeTree(parentId: string | undefined): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: routeTree(route.id) }));
}

/** A URL for every route (its params filled in), and some that match nothing or only the splat. */
function urlsFor(routes: Record<string, BuiltRoute>): string[] {
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return [parent ? fullPath(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  const urls = Object.values(routes).map((route) => `/${fullPath(route)}`.replace(/:[\w-]+/g, "42").replace(/\*$/, "no/such/page"));
  return [...urls, "/", "/ADMIN/LEADS", "/admin/leads/", "//about", "/admin/leads/7/delete/extra", "/uploads/a.jpg/640.avif", "/%E2%82%AC"];
}

describe("route matching on the server", () => {
  const tree = routeTree(undefined);
  const urls = urlsFor(build.routes);

  it("carries the patch that ranks the routes once (npm install applied patches/)", () => {
    expect(fs.readFileSync(path.join(routerDist, "router.cjs.js"), "utf8")).toContain("rankedRouteBranchesCache");
  });

  it("finds the same route and params as the browser's router for every URL, again and again", () => {
    expect(urls.length).toBeGreaterThan(60);
    for (let round = 0; round < 3; round++) {
      for (const url of urls) {
        const summary = (matches: Match[] | null) => matches?.map((match) => [match.route.id, match.pathname, match.params]);
        expect(summary(serverMatchRoutes(tree, url)), url).toEqual(summary(untouchedMatchRoutes(tree, url)));
      }
    }
    expect(serverMatchRoutes(tree, "/admin/leads/42")?.at(-1)?.route.id).toBe("routes/admin.leads.$id");
  });

  it("keeps each route tree's ranking to itself", () => {
    const onlyAbout: RouteObject[] = [{ id: "about", path: "about" }];
    const onlyLeads: RouteObject[] = [{ id: "lead", path: "leads/:id" }];
    expect(serverMatchRoutes(onlyAbout, "/about")?.[0].route.id).toBe("about");
    expect(serverMatchRoutes(onlyLeads, "/about")).toBeNull();
    expect(serverMatchRoutes(onlyLeads, "/leads/9")?.[0].params).toEqual({ id: "9" });
    expect(serverMatchRoutes(tree, "/leads/9")?.at(-1)?.route.id).toBe("routes/_site.$");
  });
});

describe("the route table the app labels metrics, redirects spellings and marks the portal by", () => {
  const tree = routeTree(undefined);
  const match = routeMatcher(Object.values(build.routes));
  const leafId = (url: string) => untouchedMatchRoutes(tree, url)?.at(-1)?.route.id;

  it("finds the same route as Remix for every URL, spelt any way", () => {
    const spellings = [
      "/About",
      "/%61bout",
      "/about//",
      "/ab%6Fut/",
      "/admin//leads",
      "/admin/",
      "/ROBOTS.TXT",
      "/uploads/AbC.png",
      "/build/x.js",
      "/favicon.ico",
      "/a/b/c",
    ];
    for (const url of [...urlsFor(build.routes), ...spellings]) {
      const found = match(url);
      expect(found?.routeIds.at(-1), url).toBe(leafId(url));
      expect(found?.splat, url).toBe(leafId(url)?.endsWith("$") ?? undefined);
    }
    expect(match("/admin/leads/42")?.pattern).toBe("/admin/leads/:id");
    expect(match("/nowhere")?.pattern).toBe("/*");
    expect(match("/admin/nowhere")?.pattern).toBe("/admin/*");
  });

  it("spells each address one way: the route's words in lower case, one slash, names and ids as sent", () => {
    const canonical = (path: string) => canonicalPath(path, match);
    expect(canonical("/About/")).toBe("/about");
    expect(canonical("/%61bout")).toBe("/about");
    expect(canonical("//")).toBe("/");
    expect(canonical("/Uploads/Team-Photo.PNG/")).toBe("/uploads/Team-Photo.PNG");
    expect(canonical("/ADMIN/Leads/AbC1")).toBe("/admin/leads/AbC1");
    expect(canonical("/uploads/a%2Fb")).toBe("/uploads/a%2Fb");
    expect(canonical("/ROBOTS.TXT")).toBe("/robots.txt");
    // No route, or only a catch-all: nothing to send the visitor to.
    expect(canonical("/Nowhere/")).toBeUndefined();
    expect(canonical("/admin/Nowhere")).toBeUndefined();
  });
});
