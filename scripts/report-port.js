// Loaded (`node --import`) into every server a test or benchmark starts: it says on stderr which
// port the server listens on once it does. With PORT=0 (a test's own APP_URL) that is the port the
// system handed it; with a port found free beforehand (the server's own address as its APP_URL),
// it is this server's word that it got it, so the starter never talks to another process that took
// the port first (the server then stops with EADDRINUSE, and the starter tries another port).
import diagnosticsChannel from "node:diagnostics_channel";

diagnosticsChannel.tracingChannel("net.server.listen").subscribe({
  asyncEnd({ server }) {
    const address = server.address();
    if (address && typeof address === "object") process.stderr.write(`[built-server] listening on port ${address.port}\n`);
  },
});
