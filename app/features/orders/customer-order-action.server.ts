import { json } from "@remix-run/node";
import type { FormAnswer } from "~/lib/form-fields";
import type { ToastMessage } from "~/lib/messages";
import { refusedPublicWrite, savePublicForm } from "~/platform/public-forms.server";
import { admitPublicWrite, admitToStore } from "~/platform/public-write.server";
import { redirectWithToast } from "~/platform/toast.server";
import { saveOrderSection } from "./customer-order.server";
import { submitOrder } from "./customer-order-submit.server";
import { ensureOrderForQuote } from "./order-creation.server";
import { ORDER_SECTION_TITLES, ORDER_SECTIONS, type OrderSection } from "./customer-order";
import { orderIntentSchema } from "./order-schemas";

/**
 * The posts of the customer's order page (/quote/{token}/order): a section saved, or the order submitted. Through the gate of every public write (another
 * site's post, the body's size, a full disk, the client's rate limit, the honeypot: public-write.server.ts), then the page's schema and the model. Refusals
 * come back with the fields' messages for the page's error summary; what was saved redirects with a toast.
 */

/** Rate limits are counted per kind of post; the order page's saves and its submission share one allowance per client. */
const SCOPE = "order-details";

const SAVED: ToastMessage = { kind: "success", title: "Saved", description: "Come back to this page from your quote's link at any time to finish." };
const SUBMITTED: ToastMessage = {
  kind: "success",
  title: "Order submitted",
  description: "Thank you. We have emailed you what we received and will keep you posted here.",
};

function answer(body: FormAnswer, status: number, headers?: HeadersInit) {
  return json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Where a saved section leads: the next section, or the submit button after the last. */
function nextAnchor(section: OrderSection): string {
  const next = ORDER_SECTIONS[ORDER_SECTIONS.indexOf(section) + 1];
  return next ? `order-${next}` : "order-submit";
}

/**
 * The answer to a post to the order page; null when the token is not an accepted quote's (the route answers its one 404). The route has already refused
 * another site's post and an oversized body (assertWriteAccepted), before it asks whether staff are previewing.
 */
export async function answerOrderPost(request: Request, token: string): Promise<Response | null> {
  const write = await admitPublicWrite(request, SCOPE, "form");
  if (write.outcome === "refused") return refusedPublicWrite(write.refusal, write.body ?? undefined);
  const orderPath = `/quote/${token}/order`;
  // A bot: answered as if it worked, nothing kept.
  if (write.outcome === "bot") return redirectWithToast(orderPath, SAVED);
  const values = write.body;
  const intent = orderIntentSchema.safeParse(values);
  if (!intent.success) return answer({ values, formError: intent.error.issues[0]!.message }, 400);
  const overall = await admitToStore(SCOPE);
  if (overall) return refusedPublicWrite(overall, values);
  // Made here only for a post that came before any visit to the page (which makes it): like any write, once the gate has let the post through.
  if (!(await ensureOrderForQuote(token))) return null;

  const intentOf = intent.data.intent;
  // A refusal by the model, or a fault (503, what was typed kept), as every public form answers them.
  const result = await savePublicForm(SCOPE, values, async () => {
    if (intentOf === "submit") {
      const submitted = await submitOrder(token);
      if (submitted.outcome === "refused") return answer({ values: { intent: "submit" }, fieldErrors: submitted.fieldErrors }, 400);
      // Submitted now or before: the quote's page shows the order's progress.
      return redirectWithToast(`/quote/${token}`, SUBMITTED);
    }
    const section = intentOf.slice("save-".length) as OrderSection;
    const saved = await saveOrderSection(token, section, values);
    if (saved.outcome === "refused") return answer({ values, fieldErrors: saved.fieldErrors }, 400);
    return redirectWithToast(`${orderPath}#${nextAnchor(section)}`, { ...SAVED, title: `${ORDER_SECTION_TITLES[section]} saved` });
  });
  return "answer" in result ? result.answer : result.saved;
}
