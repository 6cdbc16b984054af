import http from "node:http";
import https from "node:https";
import { tuned } from "./tuning.server";

/** Kept of an error answer's body in lastError. */
export const ERROR_TEXT_LIMIT = 300;

/** A failed try waits 30 s, doubling up to an hour, for 20 tries: about 13 hours, then given up and shown on the dashboard. */
export const OUTBOX_FIRST_RETRY_SECONDS = tuned("outboxFirstRetrySeconds", 30);
export const OUTBOX_LONGEST_RETRY_SECONDS = tuned("outboxLongestRetrySeconds", 60 * 60);
export const OUTBOX_ATTEMPTS = tuned("outboxAttempts", 20);

/** One try's time limit, a webhook's or an email's: a receiver that slow is as good as down. */
export const timeoutMs = () => tuned("outboxTryTimeoutSeconds", 10) * 1000;

/** POSTs a JSON body: resolves on a 2xx, else rejects with a short reason. A fresh connection each try (nothing pooled outlives it), within `timeoutMs`. */
export function postJson(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        agent: false,
        signal,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "clearline-outbox/1", ...headers },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          clearTimeout(timer);
          response.resume();
          resolve();
          return;
        }
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < ERROR_TEXT_LIMIT) text += chunk;
        });
        response.on("end", () => {
          clearTimeout(timer);
          const reason = text.replace(/\s+/g, " ").trim();
          reject(new Error(`answered ${status}${reason ? `: ${reason}` : ""}`));
        });
        response.on("error", () => {});
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs() / 1000} s`)), timeoutMs());
    timer.unref();
    request.on("error", (error) => {
      clearTimeout(timer);
      // A refused connection to a name with two addresses is an AggregateError with no message of its own.
      const code = (error as NodeJS.ErrnoException).code;
      const message = error.message || code || "the request failed";
      reject(new Error(code && !message.includes(code) ? `${code} ${message}` : message));
    });
    request.end(body);
  });
}
