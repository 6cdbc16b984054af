import crypto from "node:crypto";

/**
 * Signing as the Standard Webhooks spec says (standardwebhooks.com): each delivery carries `webhook-id` (the same on every try of one delivery),
 * `webhook-timestamp` (the try's, in Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 over "id.timestamp.body">`. The receiver recomputes it with
 * the shared secret and refuses a stale timestamp, so a body changed or replayed later is told apart from ours.
 */

const WHSEC_PREFIX = "whsec_";

/** Bytes a spec secret should have (24 to 64). */
export const WEBHOOK_SECRET_BYTES = { least: 24, most: 64 } as const;

/** The signing key: a `whsec_<base64>` secret (the spec's form) is its decoded bytes; any other secret is used as its own UTF-8 bytes. */
export function webhookSigningKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX) ? Buffer.from(secret.slice(WHSEC_PREFIX.length), "base64") : Buffer.from(secret, "utf8");
}

/** Why a secret cannot sign (null when it can): a whsec_ one must be base64 of 24 to 64 bytes, a plain one 24 characters or more. */
export function webhookSecretProblem(secret: string): string | null {
  if (secret.startsWith(WHSEC_PREFIX)) {
    const encoded = secret.slice(WHSEC_PREFIX.length);
    const bytes = webhookSigningKey(secret).length;
    const base64 = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && encoded.length % 4 === 0;
    if (!base64 || bytes < WEBHOOK_SECRET_BYTES.least || bytes > WEBHOOK_SECRET_BYTES.most) {
      return `must be whsec_ followed by the base64 of ${WEBHOOK_SECRET_BYTES.least} to ${WEBHOOK_SECRET_BYTES.most} random bytes (or a plain secret of 24 characters or more)`;
    }
    return null;
  }
  return secret.length < WEBHOOK_SECRET_BYTES.least
    ? "must be at least 24 characters (or whsec_ followed by base64, as the Standard Webhooks spec makes them)"
    : null;
}

/** The Standard Webhooks headers of one try; without a secret, the id and timestamp alone. */
export function standardWebhookHeaders(id: string, body: string, secret: string | undefined, now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = { "webhook-id": id, "webhook-timestamp": timestamp };
  if (secret) {
    const signature = crypto.createHmac("sha256", webhookSigningKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
    headers["webhook-signature"] = `v1,${signature}`;
  }
  return headers;
}
