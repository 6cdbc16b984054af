import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { consentHeader } from "~/features/site/cookie-consent.server";
import { BODY_LIMITS, readFormFields } from "~/platform/request-body.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";
import { COOKIE_CONSENT_VALUES } from "~/platform/site-cookies";

const consentSchema = z.object({
  consent: z.enum(COOKIE_CONSENT_VALUES),
  redirectTo: z.string().optional(),
  // Sent by the banner's script: answer without a redirect.
  stay: z.string().optional(),
});

/** The cookie banner's answer: remembered in a cookie so it works without JavaScript, then back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  assertWriteAccepted(request);
  const parsed = consentSchema.safeParse(await readFormFields(request, BODY_LIMITS.form));
  if (!parsed.success) {
    return json({ fieldErrors: { consent: "Choose accepted or declined" } }, { status: 400 });
  }
  const headers = { "Set-Cookie": await consentHeader(parsed.data.consent) };
  // The banner's script (a fetcher) is answered without a redirect: Remix would follow it as a
  // navigation, taking a visitor who clicked a link meanwhile back to the page they left.
  if (parsed.data.stay === "true") return json({ consent: parsed.data.consent }, { headers });
  return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
}

export function loader() {
  return redirect("/cookies");
}
