import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { Toast, ToastMessage } from "~/lib/messages";
import { toastSchema } from "~/lib/toast-schema";
import { cookieOptions, toastCookie } from "./cookies.server";

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
 * A toast for an answer that is not a redirect (a form shown again with its errors), put in the action's data as `toast`. The root's Toaster shows it, whether
 * the page is rendered by this same request (no JavaScript) or the answer came to a script-driven submission (decision 009).
 */
export function raiseToast(message: ToastMessage): Toast {
  return withId(message);
}

/** The toast to show now, and the header that clears a flashed one. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const cookie: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  // An emptied cookie ("") is not a toast and needs no clearing.
  if (!cookie) return { toast: null, headers: {} };
  const flashed = toastSchema.safeParse(cookie);
  return {
    toast: flashed.success ? flashed.data : null,
    headers: { "Set-Cookie": await toastCookie.serialize("", { ...cookieOptions(), maxAge: 0 }) },
  };
}
