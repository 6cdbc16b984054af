// Loaded (`node --import`) into a server that a test or benchmark starts with PORT=0: the system
// hands it a free port as it listens, so no other server started meanwhile can be given the same
// one (a port found free beforehand could be, and the starter then talked to that other server).
// This tells the starter which port it got, on stderr.
import diagnosticsChannel from "node:diagnostics_channel";

diagnosticsChannel.tracingChannel("net.server.listen").subscribe({
  asyncEnd({ server }) {
    const address = server.address();
    if (address && typeof address === "object") process.stderr.write(`[built-server] listening on port ${address.port}\n`);
  },
});
