// The JavaScript a first visit to each route downloads, read from the build's manifest (no server):
// the client entry, then the root and every route down to the page, each with its imports; a file
// shared by several of them is counted once. Sizes are each file gzipped on its own, as it travels.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { projectRoot } from "../scripts/built-server.js";
import { printGoals, printTable } from "./measure.js";

export const name = "javascript";

/** Issue 11: the home page's JavaScript, gzip. */
export const HOME_PAGE_GOAL_KIB = 90;

/**
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, module: string, imports?: string[] }} ManifestRoute
 * @typedef {{ entry: { module: string, imports?: string[] }, routes: Record<string, ManifestRoute> }} AssetsManifest
 * @typedef {{ id: string, url: string, files: string[], gzipBytes: number, bytes: number }} RouteJavaScript
 */

/** The newest `public/build/manifest-*.js` of a build. */
export function readManifest(publicDir = path.join(projectRoot, "public")) {
  const buildDir = path.join(publicDir, "build");
  if (!fs.existsSync(buildDir)) throw new Error(`No client build in ${buildDir}: run \`npm run build\` first`);
  const [newest] = fs
    .readdirSync(buildDir)
    .filter((file) => /^manifest-[A-Z0-9]+\.js$/.test(file))
    .map((file) => ({ file, modified: fs.statSync(path.join(buildDir, file)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  if (!newest) throw new Error(`No manifest-*.js in ${buildDir}: run \`npm run build\` first`);
  const source = fs.readFileSync(path.join(buildDir, newest.file), "utf8");
  /** @type {AssetsManifest} */
  const manifest = JSON.parse(
    source
      .slice(source.indexOf("=") + 1)
      .trim()
      .replace(/;$/, ""),
  );
  return manifest;
}

/** The root first, the route last. */
function routeChain(manifest, id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) chain.unshift(route);
  return chain;
}

/** The URL pattern a route answers, e.g. `/admin/leads/:id`; layouts without a path show their parent's. */
function routeUrl(chain) {
  const segments = chain.map((route) => route.path).filter(Boolean);
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

/** Every route's first-load JavaScript, in manifest order. */
export function firstLoadJavaScript(publicDir = path.join(projectRoot, "public")) {
  const manifest = readManifest(publicDir);
  /** @type {Map<string, { bytes: number, gzipBytes: number }>} */
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const body = fs.readFileSync(path.join(publicDir, file));
      sizes.set(file, { bytes: body.length, gzipBytes: zlib.gzipSync(body).length });
    }
    return /** @type {{ bytes: number, gzipBytes: number }} */ (sizes.get(file));
  };
  /** @type {RouteJavaScript[]} */
  const routes = [];
  for (const id of Object.keys(manifest.routes)) {
    const chain = routeChain(manifest, id);
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    const list = [...files];
    routes.push({
      id,
      url: routeUrl(chain),
      files: list,
      bytes: list.reduce((sum, file) => sum + sizeOf(file).bytes, 0),
      gzipBytes: list.reduce((sum, file) => sum + sizeOf(file).gzipBytes, 0),
    });
  }
  return routes;
}

/** The page a visitor opens at `/`: the index route under the site layout. */
export function homePage(routes) {
  const home = routes.find((route) => route.url === "/" && route.id.endsWith("_index"));
  if (!home) throw new Error("No index route for / in the manifest");
  return home;
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

/** The home page's parts whose code loads on use (`app/components/site/static-parts.ts`), by their module's name. */
const PARTS_LOADED_ON_USE = ["quote-wizard", "testimonials-showcase", "cookie-banner", "site-header"];

/** A built script and every script it imports, followed through the files themselves. */
function withImports(publicDir, file, found = new Set()) {
  if (found.has(file)) return found;
  found.add(file);
  const source = fs.readFileSync(path.join(publicDir, file), "utf8");
  for (const match of source.matchAll(/(?:from|import)\s*"(\/build\/[^"]+\.js)"/g)) withImports(publicDir, match[1], found);
  return found;
}

/**
 * What each part that loads its code on use adds to what `/` already downloaded: its chunk (a
 * dynamic import, so not in the manifest) and the imports of it that `/` does not load.
 */
export function codeLoadedOnUse(publicDir = path.join(projectRoot, "public")) {
  const home = new Set(homePage(firstLoadJavaScript(publicDir)).files);
  const shared = fs.readdirSync(path.join(publicDir, "build", "_shared"));
  return PARTS_LOADED_ON_USE.map((part) => {
    const chunk = shared.find((file) => file.startsWith(`${part}-`));
    if (!chunk) throw new Error(`No chunk of its own for ${part}: is it still loaded on use?`);
    const files = [...withImports(publicDir, `/build/_shared/${chunk}`)].filter((file) => !home.has(file));
    const gzipBytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(publicDir, file))).length, 0);
    return { part, files, gzipBytes };
  });
}

export async function run() {
  const routes = firstLoadJavaScript();
  printTable(routes.map((route) => ({ route: route.id, url: route.url, files: route.files.length, KiB: kib(route.bytes), "KiB gzip": kib(route.gzipBytes) })));
  const home = homePage(routes);
  console.log("\nCode the home page loads only when a part is used (comes into view, is pointed at or tabbed into; the header on a client-side navigation):");
  printTable(codeLoadedOnUse().map((part) => ({ part: part.part, "more files": part.files.length, "KiB gzip": kib(part.gzipBytes) })));
  console.log("");
  printGoals([
    {
      figure: "JavaScript a first visit to / downloads (gzip)",
      measured: `${kib(home.gzipBytes)} KiB in ${home.files.length} files`,
      goal: `<= ${HOME_PAGE_GOAL_KIB} KiB`,
      met: home.gzipBytes <= HOME_PAGE_GOAL_KIB * 1024,
    },
  ]);
}
