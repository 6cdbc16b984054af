import { json, redirect } from "@remix-run/node";
import { errorToast } from "~/lib/messages";
import {
  ADD_TARIFF_FIELDS,
  leadPagePath,
  NEW_LINE_QUERY,
  QUOTE_INTENTS,
  quoteEditorPath,
  quoteFormErrorKey,
  quoteFormRows,
  quoteFormValues,
  readQuoteForm,
  withBlankLine,
  withoutLine,
  type QuoteFormErrors,
  type QuoteFormValues,
} from "./quote-form";
import { quoteStatusOn, quoteVersionLabel, type Quote } from "./quotes";
import { recordId } from "~/lib/route-params";
import { quoteDraftSchema } from "./quotes-schema";
import { getLeadDetails } from "~/features/leads/index.server";
import { foundOrNull, ModelError } from "~/platform/model-error.server";
import { reviseQuote, sendQuote, withdrawQuote, type SentQuote } from "./quote-lifecycle.server";
import { createQuoteDraft, getQuoteWithDocument, listLeadQuotes, updateQuoteDraft } from "./quotes.server";
import { listLiveTariffs } from "~/features/tariffs/index.server";
import { requireAdminPageUser } from "~/features/staff/index.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";
import { readFormFields } from "~/platform/request-body.server";
import { ukDay } from "~/lib/calendar";

/**
 * The staff quote editor's loader and actions (routes admin.leads.$id_.quotes.*): a page without JavaScript, a dialog with it. Every button posts the whole
 * form with its intent; it is read in pounds, then checked and saved through the JSON routes' schema and the quotes model, so both share every rule.
 */

/** The editor's answer when it did not save: each message by its field, what was typed. */
export interface QuoteEditorAnswer {
  fieldErrors?: QuoteFormErrors;
  values?: QuoteFormValues;
  formError?: string;
}

/** A quote of this lead, or null: a quote id under another lead's address names nothing. */
async function findLeadQuote(leadId: number, quoteId: number) {
  const quote = await foundOrNull(getQuoteWithDocument(quoteId));
  return quote && quote.leadId === leadId ? quote : null;
}

/** The lead's open draft, if it has one. */
async function leadDraft(leadId: number): Promise<Quote | null> {
  const quotes = await foundOrNull(listLeadQuotes(leadId));
  return quotes?.find((quote) => quote.status === "draft") ?? null;
}

/** GET "New quote": straight to the lead's draft when there is one; else the question (a GET never drafts). */
export async function loadNewQuote(request: Request, params: { id?: string }) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const leadId = recordId(params.id);
  const details = await foundOrNull(getLeadDetails(leadId));
  if (!details) return json({ lead: null }, { status: 404 });
  const draft = await leadDraft(leadId);
  if (draft) throw redirect(quoteEditorPath(leadId, draft.id));
  return json({ lead: { id: leadId, reference: details.lead.reference, companyName: details.lead.companyName } });
}

/** POST "New quote": a draft from the lead's chosen deal, then its editor; a lead with a draft already goes to that one. */
export async function draftNewQuote(request: Request, params: { id?: string }) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const leadId = recordId(params.id);
  try {
    const quote = await createQuoteDraft(user, leadId);
    return redirect(quoteEditorPath(leadId, quote.id));
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const draft = error.status === 409 ? await leadDraft(leadId) : null;
    if (draft) return redirectWithToast(quoteEditorPath(leadId, draft.id), { kind: "default", title: error.message });
    return json({ lead: null, toast: raiseToast(errorToast(error.message)) }, { status: error.status });
  }
}

/** The quote's screen: the draft's form values (with an empty free line when asked), the catalogue to add from, the lead's shortlist. */
export async function loadQuoteEditor(request: Request, params: { id?: string; quoteId?: string }) {
  await requireAdminPageUser(request, { signedOut: "login" });
  const leadId = recordId(params.id);
  const quote = await findLeadQuote(leadId, recordId(params.quoteId));
  const details = quote && (await foundOrNull(getLeadDetails(leadId)));
  if (!quote || !details) return json({ editor: null }, { status: 404 });
  const draft = quote.status === "draft";
  const tariffs = draft ? await listLiveTariffs() : [];
  const values = quoteFormValues(quote);
  const { lead } = details;
  return json({
    editor: {
      leadId,
      lead: { reference: lead.reference, companyName: lead.companyName, email: lead.email, teamSize: lead.teamSize },
      label: quoteVersionLabel(quote.version),
      status: quoteStatusOn(quote, ukDay(new Date())),
      quote,
      /** Owed to a business of ten or fewer: the contract summary (null for a larger one). */
      contractSummary: quote.document.contractSummary,
      values: draft && new URL(request.url).searchParams.has(NEW_LINE_QUERY) ? withBlankLine(values) : values,
      tariffs: tariffs.map((tariff) => ({ slug: tariff.slug, name: `${tariff.network} ${tariff.name}`, minLines: tariff.minLines, maxLines: tariff.maxLines })),
      shortlist: draft ? (lead.tariffShortlist ?? []).map((offer) => ({ slug: offer.slug, name: `${offer.network} ${offer.name}`, lines: offer.lines })) : [],
    },
  });
}

/** The form again with why it was refused, said at its top and by each field (its error summary), not in a toast covering the dialog's buttons. */
function answer(body: QuoteEditorAnswer, status: number) {
  return json(body, { status });
}

/** The intent of the button pressed, and the row or shortlist entry it names. */
function readIntent(intent: string | undefined): { kind: string; index: number | null } {
  const [kind = "", index] = (intent ?? QUOTE_INTENTS.save).split(":");
  return { kind, index: index !== undefined && /^\d{1,4}$/.test(index) ? Number(index) : null };
}

/** A button of the editor: the form (a line added or removed by it) is checked whole and saved, then the button's step; if anything is wrong, nothing is. */
export async function quoteEditorAction(request: Request, params: { id?: string; quoteId?: string }) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const form = await readFormFields(request);
  const leadId = recordId(params.id);
  const quoteId = recordId(params.quoteId);
  const here = quoteEditorPath(leadId, quoteId);
  const quote = await findLeadQuote(leadId, quoteId);
  if (!quote) return answer({ formError: "This quote no longer exists." }, 404);
  const label = quoteVersionLabel(quote.version);
  const { kind, index } = readIntent(form.intent);

  if (kind === QUOTE_INTENTS.revise) {
    return refusedOnForm(async () => {
      const revised = await reviseQuote(user, quoteId);
      const title = `Quote ${quoteVersionLabel(revised.version)} drafted from ${label}: change it and send it in its place`;
      return redirectWithToast(quoteEditorPath(leadId, revised.id), { kind: "success", title });
    });
  }

  const { intent: _intent, ...values } = form;
  let posted: QuoteFormValues = values;
  let addedRow: number | undefined;
  if (kind === QUOTE_INTENTS.removeLine && index !== null) posted = withoutLine(values, index);
  if (kind === QUOTE_INTENTS.addTariff || kind === QUOTE_INTENTS.addShortlist) {
    const offer = kind === QUOTE_INTENTS.addShortlist ? await shortlistOffer(leadId, index) : null;
    if (kind === QUOTE_INTENTS.addShortlist && !offer) return answer({ formError: "That tariff is not on the lead's shortlist", values }, 400);
    const slug = offer ? offer.slug : (values[ADD_TARIFF_FIELDS.slug] ?? "").trim();
    const quantity = offer ? String(offer.lines) : (values[ADD_TARIFF_FIELDS.quantity] ?? "").trim();
    if (!slug) return answer({ fieldErrors: { [ADD_TARIFF_FIELDS.slug]: "Choose a tariff to add" }, values }, 400);
    const rows = quoteFormRows(values);
    addedRow = rows.length ? rows[rows.length - 1]! + 1 : 0;
    posted = { ...values, [`lines.${addedRow}.group`]: "mobile", [`lines.${addedRow}.tariffSlug`]: slug, [`lines.${addedRow}.quantity`]: quantity };
  }
  const knownIntent = (Object.values(QUOTE_INTENTS) as string[]).includes(kind) && (kind !== QUOTE_INTENTS.removeLine || index !== null);
  if (!knownIntent) return answer({ formError: "Choose one of the form's buttons", values }, 400);

  const reading = readQuoteForm(posted);
  const parsed = quoteDraftSchema.safeParse(reading.input);
  const fieldErrors: QuoteFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[quoteFormErrorKey(issue.path, reading.rows, addedRow)] ??= issue.message;
  }
  Object.assign(fieldErrors, reading.fieldErrors);
  if (!parsed.success || Object.keys(reading.fieldErrors).length > 0) {
    return answer({ fieldErrors, values }, 400);
  }

  let saved: Quote;
  try {
    saved = await updateQuoteDraft(user, quoteId, parsed.data);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    const refusal = error.field
      ? { fieldErrors: { [quoteFormErrorKey(error.field.split("."), reading.rows, addedRow)]: error.message } }
      : { formError: error.message };
    return answer({ ...refusal, values }, error.status);
  }

  switch (kind) {
    case QUOTE_INTENTS.save:
      return redirectWithToast(leadPagePath(leadId), { kind: "success", title: `Quote ${label} saved` });
    case QUOTE_INTENTS.addLine:
      return redirect(`${here}?${NEW_LINE_QUERY}=1`);
    case QUOTE_INTENTS.send:
      return refusedOnForm(async () => {
        const sent = await sendQuote(user, quoteId);
        return redirectWithToast(leadPagePath(leadId), sentToast(label, sent));
      }, quoteFormValues(saved));
    default:
      return redirect(here);
  }
}

/** What the toast after Send says: emailed only when an email was queued, and the lead's new owner when the sender became it. */
function sentToast(label: string, sent: SentQuote) {
  const owner = sent.ownerTaken ? " The lead had no owner: it is yours now." : "";
  if (sent.emailedTo) return { kind: "success" as const, title: `Quote ${label} sent to ${sent.emailedTo}`, description: owner.trim() || undefined };
  return {
    kind: "success" as const,
    title: `Quote ${label} sent, not emailed`,
    description: `Not emailed: ${sent.notEmailed}; copy the link to send it.${owner}`,
  };
}

/** The lead's shortlisted offer `index`, for its one-click "Add". */
async function shortlistOffer(leadId: number, index: number | null) {
  const details = index === null ? null : await foundOrNull(getLeadDetails(leadId));
  return details?.lead.tariffShortlist?.[index!] ?? null;
}

/** A lifecycle step's refusal (409: already sent, validity passed...) shown at the top of the quote's form or dialog. */
async function refusedOnForm(run: () => Promise<Response>, values?: QuoteFormValues): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return answer({ formError: error.message, values }, error.status);
  }
}

/** The withdraw dialog: the quote it asks about, or null (a 404) when there is none under this lead. */
export async function loadWithdrawQuote(request: Request, params: { id?: string; quoteId?: string }) {
  await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const leadId = recordId(params.id);
  const quote = await findLeadQuote(leadId, recordId(params.quoteId));
  if (!quote) return json({ quote: null }, { status: 404 });
  const status = quoteStatusOn(quote, ukDay(new Date()));
  return json({ quote: { leadId, id: quote.id, label: quoteVersionLabel(quote.version), status, email: quote.document.customer.email } });
}

/** Withdraw, once confirmed: back to the lead with a toast; a refusal (already answered, expired...) at the top of the dialog. */
export async function withdrawFromDialog(request: Request, params: { id?: string; quoteId?: string }) {
  const user = await requireAdminPageUser(request, { permission: "workLeads", signedOut: "login" });
  const leadId = recordId(params.id);
  const quote = await findLeadQuote(leadId, recordId(params.quoteId));
  if (!quote) return answer({ formError: "This quote no longer exists." }, 404);
  return refusedOnForm(async () => {
    await withdrawQuote(user, quote.id);
    return redirectWithToast(leadPagePath(leadId), { kind: "success", title: `Quote ${quoteVersionLabel(quote.version)} withdrawn` });
  });
}
