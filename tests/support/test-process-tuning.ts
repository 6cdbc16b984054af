import { TEST_PASSWORD_HASH_COST_LOG2 } from "../../scripts/built-server.js";

/**
 * vitest's setup file for the projects that start servers: the test process hashes the passwords it
 * stores (testPasswordHash) at the test servers' cost, so a server finds them as strong as its own
 * (no upgrade at sign-in) and checks them as fast. Set before any test file loads the app's modules:
 * app/platform/tuning.server.ts reads it once, as the servers' hook does (scripts/tuning-hook.js).
 */
(globalThis as { __testTuning?: Record<string, number> }).__testTuning = { passwordHashCostLog2: TEST_PASSWORD_HASH_COST_LOG2 };
