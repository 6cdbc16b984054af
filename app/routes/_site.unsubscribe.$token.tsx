import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/ui/button";
import { ONE_CLICK_UNSUBSCRIBE_BODY } from "~/features/inbox/newsletter";
import { unsubscribeFromNewsletter } from "~/features/inbox/newsletter-signups.server";
import { consumeClientRateLimit } from "~/platform/rate-limit.server";
import { BODY_LIMITS, readFormFields } from "~/platform/request-body.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";

export const meta: MetaFunction = () => [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];

const [ONE_CLICK_FIELD, ONE_CLICK_VALUE] = ONE_CLICK_UNSUBSCRIBE_BODY.split("=") as [string, string];

/**
 * The unsubscribe link of every email to a subscriber. Opening it (a GET)
 * changes nothing: the button posts. A mail program's one-click Unsubscribe
 * (RFC 8058) posts exactly `List-Unsubscribe=One-Click` from its own servers,
 * with no page and no Origin of ours, so that body alone skips the cross-site
 * check (the signed token is what authorises it); both are rate limited.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const limit = await consumeClientRateLimit("unsubscribe");
  if (!limit.allowed) return json({ result: "busy" as const }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  // Past the form limit: 413, as every form; not a form at all: 400.
  const form = await readFormFields(request, BODY_LIMITS.form);
  const oneClick = Object.keys(form).length === 1 && form[ONE_CLICK_FIELD] === ONE_CLICK_VALUE;
  if (!oneClick) assertWriteAccepted(request);
  const result = await unsubscribeFromNewsletter(params.token ?? "", oneClick ? "one_click" : "unsubscribe_link");
  return json({ result }, { status: result === "unsubscribed" ? 200 : 404 });
}

const ANSWERS = {
  unsubscribed: { title: "You're unsubscribed", text: "We won't email you offers or reminders again. Your address is on our do-not-contact list." },
  unknown: { title: "This link doesn't work", text: "It may have been copied only in part. Reply to any of our emails and we'll unsubscribe you." },
  busy: { title: "Too many attempts", text: "Please wait a minute and press Unsubscribe again." },
} as const;

export default function UnsubscribePage() {
  const answer = useActionData<typeof action>();
  const shown = answer ? ANSWERS[answer.result] : null;
  return (
    <main className="mx-auto grid max-w-xl gap-5 px-4 py-16 sm:px-6" data-testid="unsubscribe">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{shown ? shown.title : "Unsubscribe from our emails"}</h1>
      {shown ? (
        <p className="text-slate-700">{shown.text}</p>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="unsubscribe" />
          <p className="text-slate-700">Press the button to stop our newsletter, offers and renewal reminders.</p>
          <div>
            <Button type="submit" size="lg">
              Unsubscribe
            </Button>
          </div>
        </Form>
      )}
    </main>
  );
}
