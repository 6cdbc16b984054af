import diagnostics from "node:diagnostics_channel";
import type http from "node:http";
import { logger } from "./logger.server";

/**
 * Stopping cleanly on SIGTERM and SIGINT (Fly sends SIGTERM on every deploy and gives 10 s before SIGKILL).
 *
 * remix-serve answers both signals by closing its listener: no new connections, requests in flight run to their end, and the process exits once nothing is
 * left to do. What it leaves to the app:
 * - a connection a client keeps alive would take further requests after the signal, and holds the process up for Node's keep-alive timeout (5 s) after its
 *   last answer. So answers given after the signal say `Connection: close`, and connections left idle by an answer are closed;
 * - the app's own background work (the outbox's timer and deliveries) stops, and what it keeps in memory (customers' quote views) is written, through
 *   `onStop`. (better-sqlite3 closes the database itself as the process exits.)
 *
 * Node reports every request and finished answer on a diagnostics channel; that is how the app sees remix-serve's connections without owning its server (as
 * request-context.server.ts does).
 */

interface StopState {
  stopping: boolean;
  servers: Set<http.Server>;
  /** Answers under way, so the ones not yet begun can be told to close their connection. */
  open: Set<http.ServerResponse>;
  handlers: Array<() => void>;
}

interface HttpMessage {
  server: http.Server;
  response: http.ServerResponse;
}

// On globalThis so the dev server's rebuilds subscribe and listen once.
const globalForStop = globalThis as unknown as { __gracefulStop?: StopState };

function newStopState(): StopState {
  const state: StopState = { stopping: false, servers: new Set(), open: new Set(), handlers: [] };

  diagnostics.subscribe("http.server.request.start", (message) => {
    const { server, response } = message as HttpMessage;
    state.servers.add(server);
    if (state.stopping) {
      response.setHeader("Connection", "close");
      return;
    }
    state.open.add(response);
    response.once("close", () => state.open.delete(response));
  });

  diagnostics.subscribe("http.server.response.finish", (message) => {
    if (!state.stopping) return;
    const { server } = message as HttpMessage;
    // The answer has been handed to the operating system; once Node counts its connection idle, close it.
    setImmediate(() => server.closeIdleConnections());
  });

  const stop = (signal: NodeJS.Signals) => {
    if (!state.stopping) {
      state.stopping = true;
      for (const response of state.open) if (!response.headersSent) response.setHeader("Connection", "close");
      for (const server of state.servers) server.closeIdleConnections();
      for (const handler of state.handlers.splice(0)) {
        try {
          handler();
        } catch (error) {
          logger.error({ event: "server.stop_failed", err: error }, "Stopping failed");
        }
      }
    }
    // remix-serve listens for the signal once it has loaded the app. A signal before that finds no one else listening: let it end the process the default way.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop(signal));
  return state;
}

/** Makes SIGTERM and SIGINT stop the server cleanly: call once as the server starts (startup.server.ts). Further calls do nothing. */
export function stopGracefullyOnSignals(): void {
  globalForStop.__gracefulStop ??= newStopState();
}

/** Runs `handler` once when the server is told to stop (at once if it already is). */
export function onStop(handler: () => void): void {
  stopGracefullyOnSignals();
  const state = globalForStop.__gracefulStop!;
  if (state.stopping) handler();
  else state.handlers.push(handler);
}
