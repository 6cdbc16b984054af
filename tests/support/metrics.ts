import { freePort } from "../../scripts/built-server.js";

/**
 * The server's Prometheus metrics, as an operator's scraper reads them: on the internal port of METRICS_ADDRESS (the only
 * place they are served). Start the server with `env` of `metricsPort()`, then read with its `port`.
 */
export async function metricsPort(): Promise<{ port: number; env: { METRICS_ADDRESS: string } }> {
  const port = await freePort();
  return { port, env: { METRICS_ADDRESS: String(port) } };
}

/** Everything the metrics port answers. */
export async function metricsText(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/** The value of a metric without labels (`name 3`); 0 while it has none yet. */
export async function metricValue(port: number, name: string): Promise<number> {
  const line = (await metricsText(port)).split("\n").find((text) => text.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}
