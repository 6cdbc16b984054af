// The JavaScript a first visit to each route downloads, read from the build's manifest (no server;
// scripts/client-build.js reads it), and what the home page's parts load only when used.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { projectRoot } from "../scripts/built-server.js";
import { firstLoadJavaScript, homePage } from "../scripts/client-build.js";
import { printGoals, printTable } from "./measure.js";

export const name = "javascript";

/** Issue 11: the home page's JavaScript, gzip. */
export const HOME_PAGE_GOAL_KIB = 90;

const kib = (bytes) => (bytes / 1024).toFixed(1);

/** The home page's parts whose code loads on use (`app/features/site/static-parts.ts`), by their module's name. */
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
