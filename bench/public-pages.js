// The public pages under load, each beside the same bytes served as a static file by the same
// server (remix-serve's own static files), measured side by side in one run; the server's peak
// memory; and what `/` makes a visitor download.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { load, peakMemoryMiB, printGoals, printTable } from "./measure.js";

export const name = "public-pages";

const CONNECTIONS = 50;
const DURATION_SECONDS = 5;
const PAGES = ["/", "/business-mobile", "/about", "/contact", "/testimonials", "/cookies", "/privacy", "/terms"];
// Served by the app's own static file handler (it serves `public/` from the project folder).
const STATIC_FOLDER = "bench-static";

async function shippedAssets(url) {
  const html = await (await fetch(`${url}/`)).text();
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]);
  const inlineScripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("");
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]);
  const gzipBytes = async (paths) => {
    let total = 0;
    for (const path of new Set(paths)) {
      const body = Buffer.from(await (await fetch(new URL(path, url))).arrayBuffer());
      total += zlib.gzipSync(body).length;
    }
    return total;
  };
  return {
    jsFiles: new Set(scripts).size,
    jsGzipBytes: await gzipBytes(scripts),
    // The page's own inline scripts (loader data for hydration, the route list) travel in the HTML.
    inlineScriptGzipBytes: zlib.gzipSync(inlineScripts).length,
    cssFiles: new Set(styles).size,
    cssGzipBytes: await gzipBytes(styles),
    htmlGzipBytes: zlib.gzipSync(html).length,
  };
}

const row = (label, result) => ({
  "req/s": result.requestsPerSecond.toFixed(0),
  "p50 ms": result.p50,
  "p99 ms": result.p99,
  requests: result.total,
  "non-2xx": result.non2xx,
  errors: result.errors,
  served: label,
});

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer();
  const staticDir = path.resolve("public", STATIC_FOLDER);
  fs.mkdirSync(staticDir, { recursive: true });
  try {
    const rows = [];
    const goals = [];
    for (const page of PAGES) {
      // The page as an anonymous visitor gets it, put beside it as a static file with the same bytes.
      const html = Buffer.from(await (await fetch(`${server.url}${page}`)).arrayBuffer());
      const staticName = `${page === "/" ? "home" : page.slice(1)}.html`;
      fs.writeFileSync(path.join(staticDir, staticName), html);
      await load({ url: `${server.url}${page}`, connections: 10, durationSeconds: 1 });
      const cached = await load({ url: `${server.url}${page}`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
      const file = await load({ url: `${server.url}/${STATIC_FOLDER}/${staticName}`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
      rows.push({ page, ...row("page", cached) }, { page: `  same bytes, static (${(html.length / 1024).toFixed(0)} KiB)`, ...row("static file", file) });
      const ratio = cached.requestsPerSecond / file.requestsPerSecond;
      goals.push(
        { figure: `${page}: throughput vs static file`, measured: `${ratio.toFixed(2)}x`, goal: ">= 0.5x", met: ratio >= 0.5 },
        { figure: `${page}: p99 at ${CONNECTIONS} connections`, measured: `${cached.p99} ms`, goal: "< 50 ms", met: cached.p99 < 50 },
        { figure: `${page}: errors and non-2xx`, measured: cached.errors + cached.non2xx, goal: "0", met: cached.errors + cached.non2xx === 0 },
      );
    }
    printTable(rows);
    console.log(`\nServer peak memory (VmHWM): ${peakMemoryMiB(server.pid).toFixed(1)} MiB`);
    const assets = await shippedAssets(server.url);
    console.log(
      `What / ships: JavaScript ${assets.jsFiles} files, ${(assets.jsGzipBytes / 1024).toFixed(1)} KiB gzip ` +
        `(the javascript benchmark's figure), and ${(assets.inlineScriptGzipBytes / 1024).toFixed(1)} KiB gzip of script inline in the HTML; ` +
        `CSS ${assets.cssFiles} file(s), ${(assets.cssGzipBytes / 1024).toFixed(1)} KiB gzip; HTML ${(assets.htmlGzipBytes / 1024).toFixed(1)} KiB gzip\n`,
    );
    printGoals(goals);
  } finally {
    fs.rmSync(staticDir, { recursive: true, force: true });
    await server.stop();
  }
}
