import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/ui/button";
import { NEWSLETTER_CONSENT_STATEMENT } from "~/features/leads/consent";
import { confirmNewsletterSignup, type NewsletterConfirmation } from "~/features/inbox/newsletter-signups.server";
import { consumeClientRateLimit } from "~/platform/rate-limit.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";

export const meta: MetaFunction = () => [{ title: "Confirm your subscription" }, { name: "robots", content: "noindex" }];

/**
 * The newsletter confirmation link's page. Opening it (a GET, as mail scanners
 * that follow links do) confirms nothing: the Confirm button posts, and only
 * that confirms. A plain form: works without JavaScript.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertWriteAccepted(request);
  const limit = await consumeClientRateLimit("newsletter-confirm");
  if (!limit.allowed) return json({ result: "busy" as const }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const result: NewsletterConfirmation = await confirmNewsletterSignup(params.token ?? "");
  return json({ result }, { status: result === "confirmed" ? 200 : 410 });
}

const ANSWERS = {
  confirmed: { title: "You're subscribed", text: "Thanks for confirming. Look out for our next deals round-up in your inbox." },
  expired: { title: "This link has expired", text: "It was already used or is too old. Sign up again from any page with the newsletter form." },
  busy: { title: "Too many attempts", text: "Please wait a minute and press Confirm again." },
} as const;

export default function NewsletterConfirmPage() {
  const answer = useActionData<typeof action>();
  const shown = answer ? ANSWERS[answer.result] : null;
  return (
    <main className="mx-auto grid max-w-xl gap-5 px-4 py-16 sm:px-6" data-testid="newsletter-confirm">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{shown ? shown.title : "Confirm your subscription"}</h1>
      {shown ? (
        <p className="text-slate-700">{shown.text}</p>
      ) : (
        <Form method="post" className="grid gap-4">
          <p className="text-slate-700">{NEWSLETTER_CONSENT_STATEMENT}</p>
          <div>
            <Button type="submit" size="lg">
              Confirm
            </Button>
          </div>
        </Form>
      )}
    </main>
  );
}
