// The home page under load, the server's peak memory, and what `/` makes a visitor download.
import zlib from "node:zlib";
import { load, peakMemoryMiB, printTable } from "./measure.js";

export const name = "public-pages";

const CONNECTIONS = 50;
const DURATION_SECONDS = 15;

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
    jsGzipBytes: (await gzipBytes(scripts)) + zlib.gzipSync(inlineScripts).length,
    cssFiles: new Set(styles).size,
    cssGzipBytes: await gzipBytes(styles),
    htmlGzipBytes: zlib.gzipSync(html).length,
  };
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer();
  try {
    // Warm up, then measure.
    await load({ url: `${server.url}/`, connections: 10, durationSeconds: 3 });
    const home = await load({ url: `${server.url}/`, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const about = await load({ url: `${server.url}/about`, connections: CONNECTIONS, durationSeconds: 5 });
    printTable([
      { page: "/", connections: CONNECTIONS, "req/s": home.requestsPerSecond.toFixed(0), "p50 ms": home.p50, "p99 ms": home.p99, requests: home.total, "non-2xx": home.non2xx, errors: home.errors },
      { page: "/about", connections: CONNECTIONS, "req/s": about.requestsPerSecond.toFixed(0), "p50 ms": about.p50, "p99 ms": about.p99, requests: about.total, "non-2xx": about.non2xx, errors: about.errors },
    ]);
    console.log(`\nServer peak memory (VmHWM): ${peakMemoryMiB(server.pid).toFixed(1)} MiB`);
    const assets = await shippedAssets(server.url);
    console.log(
      `What / ships: JavaScript ${assets.jsFiles} files, ${(assets.jsGzipBytes / 1024).toFixed(1)} KiB gzip; ` +
        `CSS ${assets.cssFiles} file(s), ${(assets.cssGzipBytes / 1024).toFixed(1)} KiB gzip; HTML ${(assets.htmlGzipBytes / 1024).toFixed(1)} KiB gzip`,
    );
  } finally {
    await server.stop();
  }
}
