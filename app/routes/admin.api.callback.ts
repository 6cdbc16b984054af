import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/features/staff/auth.server";
import { SignInRefused } from "~/features/staff/sign-in-errors.server";
import { startSession } from "~/features/staff/sessions.server";
import { sessionCookieHeader } from "~/features/staff/session.server";
import { redirectWithToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";
import { ACCOUNT_MESSAGES } from "~/features/staff/staff-messages";

/** The provider sends the browser back here (APP_URL/admin/api/callback). */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const result = await authenticate("oidc", request);
    if (result instanceof Response) return result;
    const sessionId = await startSession(result.id);
    return redirectWithToast("/admin/dashboard", ACCOUNT_MESSAGES.signedIn(result), {
      headers: { "Set-Cookie": await sessionCookieHeader(sessionId) },
    });
  } catch (error) {
    const refused = error instanceof SignInRefused;
    if (!refused) logger.error({ event: "sign_in.provider_failed", err: error }, "Sign-in through the provider failed");
    return redirectWithToast("/admin", {
      kind: "destructive",
      title: "Access refused",
      description: refused ? error.message : "Sign-in did not complete. Please try again.",
    });
  }
}
