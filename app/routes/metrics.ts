import type { LoaderFunctionArgs } from "@remix-run/node";
import { metrics, mayReadMetrics } from "~/platform/metrics.server";
import { env } from "~/platform/env.server";

/**
 * `GET /metrics` in Prometheus format, never public: only with METRICS_TOKEN as a
 * bearer token (without METRICS_TOKEN there is nothing here). Fly's scraper uses
 * METRICS_ADDRESS instead (see fly.toml).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!env.METRICS_TOKEN) return new Response("Not Found", { status: 404 });
  if (!mayReadMetrics(request.headers.get("Authorization"))) {
    return new Response("Unauthorized", { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" } });
  }
  return new Response(await metrics.registry.metrics(), { headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" } });
}
