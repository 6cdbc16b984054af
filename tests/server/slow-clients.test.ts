import net from "node:net";
import { describe, expect, it } from "vitest";
import { testServerForSuite } from "../support/server";

/**
 * A client that sends a request a byte at a time holds a connection (and its memory) for as
 * long as it likes: each request must arrive whole within 30 s (here 1 s, shortened
 * for the test through its tuning).
 */

const server = testServerForSuite({}, { tuning: { requestTimeoutSeconds: 1 } });

interface Dribbled {
  /** Bytes of the request the client had sent when the server closed the connection. */
  sent: number;
  /** What the server answered, if anything. */
  answer: string;
}

/**
 * Sends `head` at once (or a byte at a time with `dribbleHead`), then the rest a byte at a time,
 * each byte after the server has read the one before and a pause, until the server closes the
 * connection or everything is sent.
 */
function dribble(head: string, rest: string, options: { dribbleHead?: boolean } = {}): Promise<Dribbled> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const bytes = options.dribbleHead ? head + rest : rest;
    let sent = options.dribbleHead ? 0 : head.length;
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(Number(port), "127.0.0.1", () => {
      if (!options.dribbleHead) socket.write(head);
      const sendNext = () => {
        const index = sent - (options.dribbleHead ? 0 : head.length);
        if (index >= bytes.length || socket.destroyed) return;
        socket.write(bytes[index], () => {
          sent++;
          timer = setTimeout(sendNext, 100);
        });
      };
      sendNext();
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset as the server drops the connection is the same outcome as a close.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ sent, answer });
    });
  });
}

describe("a client sending its request slowly", () => {
  const body = JSON.stringify({ note: "x".repeat(300) });
  const head = [
    "POST /api/quote-requests HTTP/1.1",
    "Host: localhost",
    "Content-Type: application/json",
    `Content-Length: ${body.length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");

  it("is cut off before it has sent its whole body", async () => {
    const { sent, answer } = await dribble(head, body);
    expect(sent).toBeLessThan(head.length + body.length);
    // Nothing of the request reached the app: no 201, no 400 about the fields.
    expect(answer).not.toMatch(/^HTTP\/1\.1 (2|400)/);
  });

  it("is cut off before it has sent its whole request line and headers", async () => {
    const { sent, answer } = await dribble(head, body, { dribbleHead: true });
    expect(sent).toBeLessThan(head.length);
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it("leaves a client sending at an ordinary speed answered as before", async () => {
    const response = await fetch(`${server.url}/api/quote-requests`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(response.status).toBe(400);
  });
});
