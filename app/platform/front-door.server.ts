import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { answerFromCache, renderUnderWay } from "./page-cache.server";
import { logger } from "./logger.server";
import { ClientTurnsFull, inClientTurn } from "./rate-limit.server";
import { requestContext } from "./request-store.server";
import { escapeHtml } from "~/lib/html";

/**
 * What is answered before Express and Remix see a request: a 400 for a Host that names no host (nothing after could make the request's address of it), a
 * permanent redirect of an address spelt other than the app spells it, the page cache's hits and the early answers a capability registers (a quote's kept PDF);
 * and one client's comparison pages the cache could not answer are rendered one at a time. Put in front of the server's own request handler (remix-serve's
 * Express app) once per server.
 */

interface Arrival {
  /** The path and query as the request arrived, before the page cache took ad tracking off it. */
  address?: string;
  /** A Host (or trusted X-Forwarded-Host) that names no host: answered 400, before anything reads it as an address. */
  badHost?: boolean;
  /** Where to send a GET or HEAD of an address spelt otherwise (301). */
  canonicalLocation?: string;
  /** Settles once the page cache ticket's version (on Postgres) has been read. */
  ready?: Promise<void>;
}

const arrivals = new WeakMap<IncomingMessage, Arrival>();

/** Notes what the request context decided about a request as it arrived. */
export function noteArrival(request: IncomingMessage, arrival: Arrival): void {
  arrivals.set(request, arrival);
}

/** A client's comparison pages wait for the one being rendered for it, this many at most; more at once are refused. */
export const COMPARISON_RENDERS_WAITING_PER_CLIENT = 2;

/** Why this request's client may have no more comparison pages rendered now (and when to try again), or null. */
export type ComparisonRenderCheck = () => Promise<{ message: string; retryAfterSeconds: number } | null>;

let refusal: ComparisonRenderCheck = async () => null;

/** Asks `check` before each comparison page the cache could not answer is rendered. Set once as the server starts (the models own the rule). */
export function refuseComparisonRendersWith(check: ComparisonRenderCheck): void {
  refusal = check;
}

/** A kind of request a capability answers here, before the app, when it can: `answer` settles true when it did. */
export interface EarlyAnswer {
  isFor(request: IncomingMessage): boolean;
  answer(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

const earlyAnswers: EarlyAnswer[] = [];

/**
 * What a capability notes of a request as it arrives, whoever answers it (the page cache included), with its path and query as it arrived (ad tracking and
 * all); it never answers, and what it throws is only logged.
 */
export type ArrivalNote = (request: IncomingMessage, address: string) => void;

const arrivalNotes: ArrivalNote[] = [];

/** Has `note` see every request the front door answers or passes on (set once as the server starts). */
export function noteArrivalsWith(note: ArrivalNote): void {
  arrivalNotes.push(note);
}

function noteArrivals(request: IncomingMessage) {
  const address = arrivals.get(request)?.address ?? request.url ?? "/";
  for (const note of arrivalNotes) {
    try {
      note(request, address);
    } catch (error) {
      logger.error({ event: "front_door.note_failed", err: error }, "A request's arrival could not be noted");
    }
  }
}

/** Answers requests `early` is for before the app does (set once as the server starts). */
export function answerEarly(early: EarlyAnswer): void {
  earlyAnswers.push(early);
}

/** A 429 page written here, without a render: what is refused must cost next to nothing. */
function tooManyRequests(response: ServerResponse, message: string, retryAfterSeconds: number) {
  const html = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please try again shortly</title></head><body><h1>Please try again shortly</h1><p>${escapeHtml(message)}</p><p><a href="/">Home page</a></p></body></html>`;
  response.writeHead(429, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "default-src 'none'",
    "Cache-Control": "no-store",
    "Retry-After": String(retryAfterSeconds),
  });
  response.end(html);
}

type PassOn = (request: IncomingMessage, response: ServerResponse) => void;

/** Passes the request on to the app and settles once it has been answered. */
function passedOn(request: IncomingMessage, response: ServerResponse, passOn: PassOn): Promise<void> {
  return new Promise<void>((answered) => {
    response.once("close", answered);
    passOn(request, response);
  });
}

/**
 * Answers a costly request once its client's earlier one of the kind (`scope`) has been answered, so one client asking for many at once has them answered one
 * after another while everyone else's requests go on between them; beyond `maxWaiting` waiting, 429 saying `busy`.
 */
function inClientsTurn(scope: string, maxWaiting: number, busy: string, response: ServerResponse, answer: () => Promise<void>) {
  inClientTurn(scope, maxWaiting, async () => {
    if (!response.destroyed) await answer();
  }).catch((error: unknown) => {
    if (error instanceof ClientTurnsFull) return tooManyRequests(response, busy, 1);
    logger.error({ event: "front_door.turn_failed", scope, err: error }, "A request could not be answered in its client's turn");
    response.destroy();
  });
}

/**
 * A comparison page the cache could not answer is rendered in its client's turn: a render holds the server's thread (the catalogue priced, then the page). Past
 * the client's allowance of new comparisons it is refused (429) before any render.
 */
function renderComparison(request: IncomingMessage, response: ServerResponse, passOn: PassOn) {
  const busy = "You have asked for many comparisons at once. Please wait a moment and try again.";
  inClientsTurn("comparison-render", COMPARISON_RENDERS_WAITING_PER_CLIENT, busy, response, async () => {
    const refused = await refusal();
    if (refused) tooManyRequests(response, refused.message, refused.retryAfterSeconds);
    else await passedOn(request, response, passOn);
  });
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
  // A page for a query string (a comparison) the cache could not answer is rendered in its client's turn.
  const render = (request: IncomingMessage, response: ServerResponse) =>
    requestContext().pageCache?.variant ? renderComparison(request, response, passOn) : passOn(request, response);
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    noteArrivals(request);
    // For example a download of a quote's PDF: from memory when kept, else drawn by the route.
    const early = earlyAnswers.find((candidate) => candidate.isFor(request));
    if (early) return void early.answer(request, response).then((answered) => answered || passOn(request, response));
    if (answerFromCache(request, response)) return;
    const underWay = renderUnderWay(request, response);
    if (!underWay) return render(request, response);
    // The same page is being rendered for someone else: take it from the cache once it is kept.
    void underWay.then(() => {
      if (!answerFromCache(request, response)) render(request, response);
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
