import net from "node:net";

/**
 * A TCP relay between a server and Postgres that can break every connection through it the way a
 * failover does: the Postgres side is gone, and the server finds out only when it next writes (its
 * socket is then reset). New connections relay as before.
 */
export interface ConnectionProxy {
  /** `target` with the relay's host and port. */
  url: string;
  /** Connections the relay carries now. */
  open(): number;
  /** Breaks every connection open now; returns how many. */
  breakAll(): number;
  close(): Promise<void>;
}

/** Stops the relay's own handling of a socket (its close no longer drops the link); its errors are ignored. */
function detach(socket: net.Socket): net.Socket {
  return socket
    .removeAllListeners("close")
    .removeAllListeners("error")
    .on("error", () => {});
}

export async function startConnectionProxy(target: string): Promise<ConnectionProxy> {
  const upstream = new URL(target);
  const links = new Set<{ client: net.Socket; postgres: net.Socket }>();
  // Broken connections the server has not written to yet, closed with the relay.
  const broken = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const postgres = net.connect(Number(upstream.port || 5432), upstream.hostname);
    const link = { client, postgres };
    links.add(link);
    client.pipe(postgres).pipe(client);
    const drop = () => {
      links.delete(link);
      client.destroy();
      postgres.destroy();
    };
    client.on("error", drop).on("close", drop);
    postgres.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((relay.address() as net.AddressInfo).port);

  return {
    url: url.toString(),
    open: () => links.size,
    breakAll() {
      const count = links.size;
      for (const { client, postgres } of links) {
        client.unpipe(postgres);
        postgres.unpipe(client);
        detach(postgres).destroy();
        detach(client);
        broken.add(client);
        client.once("data", () => {
          broken.delete(client);
          client.resetAndDestroy();
        });
        client.resume(); // unpipe paused it
      }
      links.clear();
      return count;
    },
    async close() {
      for (const { client, postgres } of links) {
        client.destroy();
        postgres.destroy();
      }
      for (const client of broken) client.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
