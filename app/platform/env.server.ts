import path from "node:path";
import { z } from "zod";
import { envFields } from "./env-schema.server";
import { settingsTogether } from "./env-rules.server";

/** The one place that reads `process.env`. Everything else imports `env`. A bad value stops start-up with one line naming the variable. */
export type Env = z.infer<typeof envFields> & { DATA_DIR: string; SESSION_SECRET: string; APP_URL: string };

export class ConfigurationError extends Error {}

/** Parses a set of variables; exported so tests can check the messages. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // NODE_ENV is Node's mode (production in the image and under npm start), not a setting.
  const production = source.NODE_ENV === "production";
  const result = envFields.superRefine((value, ctx) => settingsTogether(value, ctx, production)).safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue.path.join(".") || "environment";
    throw new ConfigurationError(`Invalid configuration: ${name} ${issue.message}`);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    SESSION_SECRET: result.data.SESSION_SECRET ?? "development-only-session-secret",
    // Outside production (npm run dev, unit tests) the site is this machine; production refuses to start without it (env-rules).
    APP_URL: result.data.APP_URL ?? `http://localhost:${result.data.PORT || 3000}`,
  };
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      // One clear line rather than a stack trace, then stop. Plain text, not a JSON log line: the operator reads it as the start fails.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export const env = loadEnv();

export const isProduction = process.env.NODE_ENV === "production";

/** Sign-in through the OpenID Connect provider when it is configured. */
export const oidcEnabled = Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);

/** Local email + password sign-in: on exactly when no sign-in provider is set (then staff sign in there alone). */
export const localSignInEnabled = !oidcEnabled;
