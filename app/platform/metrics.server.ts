import http from "node:http";
import client from "prom-client";
import type { DeliveryKind } from "./outbox-kinds";
import type { RouteMatch } from "./route-patterns";
import { env } from "./env.server";
import { dataDiskFreeBytes } from "./disk-space.server";
import { logger } from "./logger.server";

/**
 * Prometheus metrics (`prom-client`), per process: with several machines each is scraped on its own. Labels are kept to short fixed lists (route patterns, not
 * raw paths) so the number of series stays bounded.
 */
const globalForMetrics = globalThis as unknown as { __metrics?: ReturnType<typeof createMetrics> };

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const counter = (name: string, help: string, labelNames: string[] = []) => new client.Counter({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    requests: counter("http_requests_total", "Requests answered, by route pattern, method and status", ["route", "method", "status"]),
    requestSeconds: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    pageCache: counter("page_cache_requests_total", "Public page views by page cache result (hit or miss)", ["result"]),
    leads: counter("leads_created_total", "Leads stored"),
    quotePdfsDrawn: counter("quote_pdf_drawings_total", "Quote PDFs drawn (a download of a PDF kept from an earlier drawing draws none)"),
    quotePdfsRefused: counter("quote_pdf_busy_total", "Quote PDF downloads refused with 503 because as many PDFs as allowed were being drawn and waiting"),
    enquiries: counter("contact_enquiries_created_total", "Contact enquiries stored"),
    deliveries: counter(
      "outbox_deliveries_total",
      "Outbox delivery tries (webhooks and emails), by kind and outcome: sent, retry (a failed try to be tried again) or failed (given up)",
      ["kind", "outcome"],
    ),
    dataDiskFree: new client.Gauge({
      name: "data_disk_free_bytes",
      help: "Free space on the data volume (DATA_DIR); public writes are refused under the floor (disk-space.server.ts)",
      registers: [registry],
      async collect() {
        const free = await dataDiskFreeBytes();
        if (free !== null) this.set(free);
      },
    }),
    querySeconds: new client.Histogram({
      name: "db_query_duration_seconds",
      help: "Database statement time, by statement kind",
      labelNames: ["statement"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registers: [registry],
    }),
  };
}

export const metrics = (globalForMetrics.__metrics ??= createMetrics());

/**
 * A bounded label for a request: its route's pattern (`/admin/leads/:id`), files by their folder, and one label for every address no route has (or only a
 * catch-all one does): unknown paths are endless, and each new label set is about fourteen more lines of metrics for good.
 */
export function routeLabel(path: string, route: RouteMatch | undefined, status: number): string {
  if (path.startsWith("/build/")) return "/build/*";
  if (path.startsWith("/uploads/")) return "/uploads/*";
  if (!route || route.splat) return status === 404 ? "(not found)" : "(unmatched)";
  return route.pattern;
}

/**
 * The most request label sets kept, a backstop should a label still be open-ended: past it, a new set is counted under one `(other)` set. The app's routes,
 * methods and statuses come to well under this.
 */
export const MAX_REQUEST_LABEL_SETS = 500;
const requestLabelSets = new Set<string>();

export function recordRequest(request: { method: string; path: string; route: RouteMatch | undefined; status: number; seconds: number; cache?: string }) {
  let labels = { route: routeLabel(request.path, request.route, request.status), method: request.method, status: String(request.status) };
  const key = `${labels.route} ${labels.method} ${labels.status}`;
  if (!requestLabelSets.has(key)) {
    if (requestLabelSets.size >= MAX_REQUEST_LABEL_SETS) labels = { route: "(other)", method: "(other)", status: "(other)" };
    else requestLabelSets.add(key);
  }
  metrics.requests.inc(labels);
  metrics.requestSeconds.observe(labels, request.seconds);
  if (request.cache === "hit" || request.cache === "miss") metrics.pageCache.inc({ result: request.cache });
}

export function recordDelivery(kind: DeliveryKind, outcome: "sent" | "retry" | "failed") {
  metrics.deliveries.inc({ kind, outcome });
}

const STATEMENTS = new Set(["select", "insert", "update", "delete", "with", "pragma", "begin", "commit", "rollback", "create", "drop", "alter"]);

export function recordQuery(sql: string, milliseconds: number) {
  const first = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? "other";
  metrics.querySeconds.observe({ statement: STATEMENTS.has(first) ? first : "other" }, milliseconds / 1000);
}

/**
 * The metrics on their own internal port (METRICS_ADDRESS), the only place they are served, for a scraper such as Fly's: the port is not one of the app's public services in
 * fly.toml, and it listens on one address only (loopback by default; on Fly the machine's private-network address, where Fly's scraper comes from), never on
 * every interface, so nothing on the machine's other networks can read it.
 */
export function startMetricsPort(): void {
  const address = env.METRICS_ADDRESS;
  if (!address) return;
  const server = http.createServer(async (request, response) => {
    if (request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": metrics.registry.contentType });
    response.end(await metrics.registry.metrics());
  });
  // A host that is not this machine's (or a port in use) costs the metrics, not the site.
  server.on("error", (error: NodeJS.ErrnoException) =>
    logger.error({ event: "metrics.listen_failed", host: address.host, port: address.port, error: error.message }, "The metrics port could not listen"),
  );
  server.listen(address.port, address.host);
  server.unref();
}
