// The client build as a visitor's browser gets it, read from the build's manifest (no server):
// the client entry, then the root and every route down to the page, each with its imports; a file
// shared by several of them is counted once. Sizes are each file gzipped on its own, as it travels.
// The JavaScript benchmark and the checks of the built output both read the build through this.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { projectRoot } from "./built-server.js";

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
