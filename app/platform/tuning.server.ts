/**
 * Tuning values are named constants beside their use, not settings: no operator sets them differently per deployment. The test harness alone may shorten them
 * (a first retry after 0.2 s rather than 30 s), through the hook it loads into a test server (tests/support/tuning-hook.js, `--import`): a test waits for the
 * state it needs, never for a time it cannot shorten. Nothing in production sets it (docs/decisions/019).
 */
export type TuningName =
  | "rateLimitMax"
  | "rateLimitGlobalMax"
  | "rateLimitWindowSeconds"
  | "outboxFirstRetrySeconds"
  | "outboxLongestRetrySeconds"
  | "outboxAttempts"
  | "outboxTryTimeoutSeconds"
  | "requestTimeoutSeconds"
  | "providerTimeoutSeconds"
  | "providerRetrySeconds"
  | "diskFreeFloorMb"
  | "retentionRunHours"
  | "retentionStartDelaySeconds"
  | "renewalRunHours"
  | "renewalStartDelaySeconds"
  | "backupIntervalHours"
  | "backupKeep"
  | "passwordHashCostLog2"
  | "visitWriteSeconds";

const testTuning = (globalThis as { __testTuning?: Partial<Record<TuningName, number>> }).__testTuning;

/** `value`, or what the test harness set for `name`. */
export function tuned(name: TuningName, value: number): number {
  return testTuning?.[name] ?? value;
}
