import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { CustomerOrderForm } from "~/features/orders";
import { answerOrderPost, customerOrderDraft } from "~/features/orders/index.server";
import { CustomerLinkError, QuoteFrame } from "~/features/site/customer-page-frame";
import { isStaffPreview, QUOTE_PAGE_HEADERS, quoteNotFound, quotePageHeaders } from "~/features/quotes/quote-pages.server";
import { ukDay } from "~/lib/calendar";
import { assertWriteAccepted } from "~/platform/write-guard.server";

/**
 * The customer completes the order of their accepted quote, on the quote's own link (docs/orders.md): the quote's frame, noindex and no-store, and the one
 * 404 of the quote's pages for any token that is not an accepted quote's. The order is made when first opened if accepting did not make it. Once
 * submitted, the order's progress is on the quote's page.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Complete your order ${data.order.reference}` : "Order not found" },
  { name: "robots", content: "noindex" },
];

export const headers = quotePageHeaders;

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const order = await customerOrderDraft(token);
  if (!order) throw quoteNotFound();
  if (order.detailsSubmittedAt) throw redirect(`/quote/${token}`, { headers: QUOTE_PAGE_HEADERS });
  return json({ order, token, today: ukDay(new Date()) }, { headers: QUOTE_PAGE_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Another site's post and an oversized body are refused first, whoever sends them.
  assertWriteAccepted(request);
  // As on the quote's page: staff looking at the customer's link are previewing it; they change an order from the portal.
  if (await isStaffPreview(request)) {
    return json(
      { formError: "Staff preview: only the customer can fill in this order here. Sign out of the portal to answer as the customer." },
      { status: 403, headers: QUOTE_PAGE_HEADERS },
    );
  }
  const answered = await answerOrderPost(request, params.token ?? "");
  if (!answered) throw quoteNotFound();
  return answered;
}

export default function CustomerOrderPage() {
  const { order, token, today } = useLoaderData<typeof loader>();
  const quotePath = `/quote/${token}`;
  return (
    <QuoteFrame>
      <p className="text-sm">
        <Link to={quotePath} className="inline-block py-1 font-medium text-brand-700 underline underline-offset-2">
          Back to your quote
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Complete your order</h1>
      <p className="mt-2 text-slate-700">
        Order <strong className="font-mono">{order.reference}</strong>
        {order.businessName ? ` for ${order.businessName}` : ""}: {order.lines.length} {order.lines.length === 1 ? "line" : "lines"}. Save each section as you
        go; you can leave and come back to this page from your quote&apos;s link.
      </p>
      <div className="mt-8">
        <CustomerOrderForm draft={order} action={`${quotePath}/order`} today={today} />
      </div>
    </QuoteFrame>
  );
}

/** The quote pages' one answer to a link that is not an accepted quote's. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <CustomerLinkError of="order" notFound={notFound} />;
}
