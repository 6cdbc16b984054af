import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { Toast, ToastMessage } from "~/lib/messages";
import { toastSchema } from "~/lib/schemas/toast";
import { cookieOptions, toastCookie } from "~/infrastructure/cookies.server";
import { requestContext } from "~/infrastructure/request-context.server";

function withId(message: ToastMessage): Toast {
  return { ...message, id: crypto.randomUUID() };
}

/** A redirect that shows a toast on the page it lands on (a flash message). */
export async function redirectWithToast(url: string, message: ToastMessage, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(withId(message), cookieOptions()));
  return redirect(url, { ...init, headers });
}

/**
 * A toast for an answer that is not a redirect (a form shown again with its
 * errors). The page rendered by this same request shows it; a script-driven
 * submission reads it from the action's data instead.
 */
export function raiseToast(message: ToastMessage): Toast {
  const toast = withId(message);
  requestContext().pendingToast = toast;
  return toast;
}

/** The toast to show now, and the header that clears a flashed one. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const pending = requestContext().pendingToast;
  const cookie: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  // An emptied cookie ("") is not a toast and needs no clearing.
  if (!cookie) return { toast: pending ?? null, headers: {} };
  const flashed = toastSchema.safeParse(cookie);
  return {
    toast: pending ?? (flashed.success ? flashed.data : null),
    headers: { "Set-Cookie": await toastCookie.serialize("", { ...cookieOptions(), maxAge: 0 }) },
  };
}
