import diagnostics from "node:diagnostics_channel";
import http from "node:http";
import { tuned } from "./tuning.server";

/**
 * How long a client may take to send a request: its line, headers and body must all have arrived within 30 seconds, or Node answers 408 and closes the
 * connection. Without this a client sending a byte at a time holds a connection, a socket's buffers and the request's state for 5 minutes (Node's own request
 * timeout), and a few hundred such clients cost a small machine its memory.
 *
 * remix-serve makes the server, so the limits are set as it starts listening (Node's `net.server.listen` tracing channel: the app is loaded before remix-serve
 * listens), which is also when Node reads how often to check them (once a second here, instead of every 30 s). A server already listening when the app was
 * loaded (the dev server's rebuilds) gets them at its first request (`limitRequestTime`), checked at Node's own pace.
 */
const timeoutMs = Math.round(tuned("requestTimeoutSeconds", 30) * 1000);

export function limitRequestTime(server: http.Server): void {
  if (!(server instanceof http.Server) || server.requestTimeout === timeoutMs) return;
  server.requestTimeout = timeoutMs;
  server.headersTimeout = timeoutMs;
  if (!server.listening) (server as http.Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1000, timeoutMs);
}

const globalForTimeouts = globalThis as unknown as { __requestTimeoutsListening?: boolean };
if (!globalForTimeouts.__requestTimeoutsListening) {
  globalForTimeouts.__requestTimeoutsListening = true;
  diagnostics.tracingChannel("net.server.listen").subscribe({
    asyncStart: (message) => limitRequestTime((message as { server: http.Server }).server),
    start() {},
    end() {},
    asyncEnd() {},
    error() {},
  });
}
