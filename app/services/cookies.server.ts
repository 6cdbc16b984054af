import { createCookie } from "@remix-run/node";
import { env } from "./env.server";
import { requestContext } from "./request-context.server";

/** Cookies are marked Secure whenever the site is reached over HTTPS. */
export function cookieOptions() {
  return { secure: requestContext().secure };
}

export const toastCookie = createCookie("toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: 60,
});

/**
 * The sign-in details of a user just added, when staff sign in locally: shown
 * once on the users page, then gone (signed, HttpOnly, five minutes at most).
 */
export const newUserInviteCookie = createCookie("new-user-invite", {
  httpOnly: true,
  sameSite: "lax",
  path: "/admin/users",
  secrets: [env.SESSION_SECRET],
  maxAge: 300,
});
