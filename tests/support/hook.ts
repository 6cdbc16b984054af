import http from "node:http";
import type { AddressInfo } from "node:net";

export interface HookDelivery {
  body: { event: string; lead: Record<string, unknown> };
  /** The body exactly as it arrived, for checking its signature. */
  rawBody: string;
  headers: http.IncomingHttpHeaders;
  /** The status the hook answered, or "held" while it keeps the request unanswered. */
  answer: number | "held";
}

/** How the hook treats deliveries of one lead (by its email); by default it answers 204. */
export interface HookBehaviour {
  /** Answer this many deliveries with 500 first. */
  failTimes?: number;
  /** Answer every delivery with this status and text. */
  always?: { status: number; text: string };
  /** Take deliveries and never answer them, like a hook that hangs. */
  hold?: boolean;
}

/**
 * A real webhook receiver on a loopback port, as a CRM or chat hook would be:
 * it records every delivery and answers as each lead's behaviour says.
 */
export class TestHook {
  readonly deliveries: HookDelivery[] = [];
  private readonly behaviours = new Map<string, HookBehaviour>();
  private readonly held = new Set<http.ServerResponse>();
  private server: http.Server;
  private port = 0;

  private constructor() {
    this.server = this.createServer();
  }

  static async start(): Promise<TestHook> {
    const hook = new TestHook();
    await hook.listen();
    return hook;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/new-lead`;
  }

  behave(email: string, behaviour: HookBehaviour): void {
    this.behaviours.set(email, { ...behaviour });
  }

  /** Deliveries of the lead with this email, in the order they came. */
  deliveriesOf(email: string): HookDelivery[] {
    return this.deliveries.filter((delivery) => delivery.body.lead.email === email);
  }

  /** Deliveries of this lead the hook accepted (answered 2xx). */
  acceptedOf(email: string): HookDelivery[] {
    return this.deliveriesOf(email).filter((delivery) => typeof delivery.answer === "number" && delivery.answer < 300);
  }

  /** Like a hook that is down: the port refuses connections until `listen()`. */
  async close(): Promise<void> {
    this.dropHeld();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    this.server = this.createServer();
  }

  /** Listens (again) on the same port as before, or a free one the first time. */
  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Drops the connections of deliveries held unanswered. */
  dropHeld(): void {
    for (const response of this.held) response.destroy();
    this.held.clear();
  }

  async stop(): Promise<void> {
    this.dropHeld();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private createServer(): http.Server {
    return http.createServer((request, response) => {
      let text = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (text += chunk));
      request.on("end", () => {
        const body = JSON.parse(text) as HookDelivery["body"];
        const delivery: HookDelivery = { body, rawBody: text, headers: request.headers, answer: "held" };
        this.deliveries.push(delivery);
        const behaviour = this.behaviours.get(String(body.lead.email)) ?? {};
        if (behaviour.hold) {
          this.held.add(response);
          response.on("close", () => this.held.delete(response));
          return;
        }
        let status = 204;
        let answer = "";
        if (behaviour.always) {
          status = behaviour.always.status;
          answer = behaviour.always.text;
        } else if (behaviour.failTimes) {
          behaviour.failTimes -= 1;
          status = 500;
          answer = "Internal Server Error";
        }
        delivery.answer = status;
        response.writeHead(status, { "Content-Type": "text/plain" }).end(answer);
      });
    });
  }
}
