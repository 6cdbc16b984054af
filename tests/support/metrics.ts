/**
 * The server's Prometheus metrics, as an operator's scraper reads them: start the server with
 * METRICS_ENV, then read a counter's value.
 */

export const METRICS_TOKEN = "metrics-token-for-route-tests-0123";
export const METRICS_ENV = { METRICS_TOKEN };

/** The value of a metric without labels (`name 3`); 0 while it has none yet. */
export async function metricValue(server: { url: string }, name: string): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}: start the server with METRICS_ENV`);
  const line = (await response.text()).split("\n").find((text) => text.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}
