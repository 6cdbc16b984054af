// Loaded into a server started by built-server.js (`--import`), before the app: hands the app
// the tuning values a test or benchmark shortens (TEST_TUNING, JSON), which
// app/platform/tuning.server.ts reads in place of its constants. Never loaded by `npm start`
// or the container (docs/decisions/019-tuning-constants.md).
if (process.env.TEST_TUNING) globalThis.__testTuning = JSON.parse(process.env.TEST_TUNING);
