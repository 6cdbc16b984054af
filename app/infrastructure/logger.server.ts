import pino from "pino";
import { env } from "~/infrastructure/env.server";

/**
 * One JSON line per request and per notable event, on standard output (Fly and
 * Docker collect it). Never log a lead's personal details: name, email, phone,
 * message or answers; refer to a lead by its id or reference.
 */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
