import { createCookie } from "@remix-run/node";
import { COOKIE_NAMES } from "./site-cookies";
import { env } from "./env.server";
import { requestContext } from "./request-store.server";

/** Cookies are marked Secure whenever the site is reached over HTTPS. */
export function cookieOptions() {
  return { secure: requestContext().secure };
}

export const toastCookie = createCookie(COOKIE_NAMES.toast, { httpOnly: true, sameSite: "lax", path: "/", secrets: [env.SESSION_SECRET], maxAge: 60 });
