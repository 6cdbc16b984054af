import pino from "pino";

/**
 * One JSON line per request and per notable event, on standard output (Fly and Docker collect it). Never log a lead's personal details: name, email, phone,
 * message or answers; refer to a lead by its id or reference.
 *
 * Every line names its `event` (area.what_happened, e.g. "outbox.delivery_failed") for searching; a fault goes under `err`, which keeps its type, message and
 * stack in the JSON. The only code in app/ that may not use it: browser code (components) and the settings' own failure in env.server.ts, before the logger can
 * exist.
 */
export const logger = pino({
  // Every request and notable event; a command line tool that prints its own output turns it down (retention-command.server.ts).
  level: "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: pino.stdSerializers.err },
});
