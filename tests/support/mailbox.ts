import type { AddressObject } from "mailparser";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One email as it arrived: the parsed message, and the credentials its connection signed in with. */
export interface ReceivedEmail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  replyTo: string;
  /** The SMTP AUTH user and password the sender used. */
  auth: { username: string; password: string } | null;
  parsed: ParsedMail;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ""));

/**
 * A real SMTP server in the test process (smtp-server), on a free port, that
 * keeps every message it accepts, parsed with mailparser. It can refuse the
 * messages to an address (an error answer to DATA), and be taken down and
 * brought back on the same port.
 */
export class TestMailbox {
  readonly received: ReceivedEmail[] = [];
  private refused = new Map<string, string>();
  private server: SMTPServer | undefined;
  port = 0;

  static async start(credentials?: { username: string; password: string }): Promise<TestMailbox> {
    const mailbox = new TestMailbox(credentials);
    await mailbox.listen();
    return mailbox;
  }

  private constructor(private readonly credentials?: { username: string; password: string }) {}

  /** The SMTP_URL to reach it, with its credentials when it asks for them. */
  get url(): string {
    const auth = this.credentials ? `${encodeURIComponent(this.credentials.username)}:${encodeURIComponent(this.credentials.password)}@` : "";
    return `smtp://${auth}127.0.0.1:${this.port}`;
  }

  /** Messages to this address get `550 <text>` after their data is sent. */
  refuse(address: string, text: string): void {
    this.refused.set(address, text);
  }

  to(address: string): ReceivedEmail[] {
    return this.received.filter((email) => email.to.includes(address));
  }

  async listen(): Promise<void> {
    const { credentials } = this;
    const server = new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS (its certificate would be self-signed), sign-in allowed without TLS.
      disabledCommands: credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      authOptional: !credentials,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (credentials && auth.username === credentials.username && auth.password === credentials.password) {
          callback(null, { user: { username: auth.username, password: auth.password } });
        } else callback(new Error("Invalid username or password"));
      },
      onData: (stream, session, callback) => {
        void simpleParser(stream).then(
          (parsed) => {
            const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
            const refusal = recipients.map((address) => this.refused.get(address)).find(Boolean);
            if (refusal) {
              callback(Object.assign(new Error(refusal), { responseCode: 550 }));
              return;
            }
            const user = session.user as ReceivedEmail["auth"] | undefined;
            this.received.push({
              to: addresses(parsed.to),
              from: parsed.from?.text ?? "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              messageId: parsed.messageId ?? "",
              replyTo: parsed.replyTo?.text ?? "",
              auth: user ?? null,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  /** Takes the server down (connections are refused) until `listen()`. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
