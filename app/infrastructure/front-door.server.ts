import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { answerFromCache, renderUnderWay } from "~/infrastructure/page-cache.server";
import { answerKeptQuotePage } from "~/infrastructure/quote-page-cache.server";

/**
 * What is answered before Express and Remix see a request: a 400 for a Host that names no
 * host (nothing after could make the request's address of it), a permanent redirect of an
 * address spelt other than the app spells it, the page cache's hits and a customer's repeat
 * views of their quote (`quote-page-cache.server.ts`). Put in front of
 * the server's own request handler (remix-serve's Express app) once per server.
 */

interface Arrival {
  /** A Host (or trusted X-Forwarded-Host) that names no host: answered 400, before anything reads it as an address. */
  badHost?: boolean;
  /** Where to send a GET or HEAD of an address spelt otherwise (301). */
  canonicalLocation?: string;
  /** Settles once the page cache ticket's version (on Postgres) or a quote page's state has been read. */
  ready?: Promise<void>;
}

const arrivals = new WeakMap<IncomingMessage, Arrival>();

/** Notes what the request context decided about a request as it arrived. */
export function noteArrival(request: IncomingMessage, arrival: Arrival): void {
  arrivals.set(request, arrival);
}

const answeringServers = new WeakSet<Server>();

export function answerAtTheFrontDoor(server: Server): void {
  if (answeringServers.has(server)) return;
  answeringServers.add(server);
  const handlers = server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners("request");
  const passOn = (request: IncomingMessage, response: ServerResponse) => {
    for (const handler of handlers) handler.call(server, request, response);
  };
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    if (answerFromCache(request, response) || answerKeptQuotePage(request, response)) return;
    const underWay = renderUnderWay(request, response);
    if (!underWay) return passOn(request, response);
    // The same page is being rendered for someone else: take it from the cache once it is kept.
    void underWay.then(() => {
      if (!answerFromCache(request, response)) passOn(request, response);
    });
  };
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const arrival = arrivals.get(request);
    if (arrival?.badHost) {
      const body = "Bad request: the Host header does not name a host.\n";
      response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body) }).end(body);
      return;
    }
    if (arrival?.canonicalLocation) {
      response.writeHead(301, { Location: arrival.canonicalLocation, "Content-Length": 0 }).end();
      return;
    }
    if (arrival?.ready) void arrival.ready.then(() => answer(request, response));
    else answer(request, response);
  });
}
