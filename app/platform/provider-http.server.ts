import http from "node:http";
import https from "node:https";

/**
 * One request to the sign-in provider, answered as JSON, within a time limit for the whole exchange (connection, headers and body) and a size limit.
 *
 * Node's http, not `fetch`: under remix-serve `fetch` is Remix's polyfill, whose abort throws out of the timer (stopping the process) when it fires while a
 * body is being read or after it has been read.
 */
export interface ProviderAnswer {
  status: number;
  /** The parsed body; null when it was not JSON. */
  body: unknown;
}

export class ProviderRequestFailed extends Error {}

/** Discovery documents, tokens and userinfo are a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

export function requestProviderJson(
  url: string,
  options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<ProviderAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const request = client.request(target, {
      method: options.method ?? "GET",
      agent: false,
      headers: { Accept: "application/json", ...options.headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
    });
    const fail = (error: Error) => {
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new ProviderRequestFailed(`no answer from ${target.origin} within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    timer.unref();
    request.on("error", (error) => fail(new ProviderRequestFailed(`${target.origin} could not be reached: ${error.message}`)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) fail(new ProviderRequestFailed(`${target.origin} answered with more than ${MAX_ANSWER_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on("error", (error) => fail(new ProviderRequestFailed(`${target.origin} broke off its answer: ${error.message}`)));
      response.on("end", () => {
        clearTimeout(timer);
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          // not JSON: the caller sees null
        }
        resolve({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.end(body);
  });
}
