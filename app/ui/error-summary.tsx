import { useEffect, useId, useRef, type MouseEvent } from "react";
import { cn } from "~/lib/cn";
import type { SummaryHeading } from "~/lib/form-fields";

/** What a refused form's answer says: a message by field, and a reason about no one field. */
interface Refusal {
  fieldErrors?: Partial<Record<string, string>>;
  formError?: string;
  summary?: SummaryHeading;
}

/**
 * Where a form's fields are: formFields' fields, control ids by field name, or a function for names made as the form is drawn (a quote's lines). A record's
 * order is the form's, and the summary lists its errors in it.
 */
export type SummaryFields = Readonly<Record<string, { field: { id: string } } | string>> | ((name: string) => string | undefined);

/** One line of the summary: a link to the field's control, or text when the message is about no one control. */
export interface ErrorSummaryItem {
  message: string;
  controlId?: string;
}

function idOf(fields: SummaryFields, name: string): string | undefined {
  if (typeof fields === "function") return fields(name);
  if (!Object.hasOwn(fields, name)) return undefined;
  const field = fields[name];
  return typeof field === "string" ? field : field.field.id;
}

/** The summary's lines for an answer: its form-level reason first, then each field's message, in the form's order where the fields give one. */
export function errorSummaryItems(answer: Refusal | null | undefined, fields: SummaryFields): ErrorSummaryItem[] {
  if (!answer) return [];
  const errors = answer.fieldErrors ?? {};
  const named = Object.keys(errors);
  const order =
    typeof fields === "function"
      ? named
      : [...Object.keys(fields).filter((name) => named.includes(name)), ...named.filter((name) => !Object.hasOwn(fields, name))];
  const items: ErrorSummaryItem[] = answer.formError ? [{ message: answer.formError }] : [];
  for (const name of order) {
    const message = errors[name];
    if (message) items.push({ message, controlId: idOf(fields, name) });
  }
  return items;
}

/** Whether an answer refused the form: whether its error summary shows. */
export function isRefused(answer: Refusal | null | undefined): boolean {
  return errorSummaryItems(answer, {}).length > 0;
}

/**
 * Moving focus jumps rather than glides (the page's smooth scrolling is for links within a page): the person is where the focus is at once, as with GOV.UK's
 * summary, and nothing waits on animation frames, which a busy device may not draw.
 */
const JUMP: ScrollIntoViewOptions = { block: "start", behavior: "instant" };

/** Focus without the browser's own jump, then show the summary, or in a dialog the dialog's top (its title stays in view above the summary). */
function focusSummary(summary: HTMLElement) {
  summary.focus({ preventScroll: true });
  (summary.closest<HTMLElement>("[role='dialog']") ?? summary).scrollIntoView(JUMP);
}

/** As GOV.UK's summary does: the field's label comes into view (the question, not only the box), then the control takes focus. */
function focusControl(event: MouseEvent<HTMLAnchorElement>, controlId: string) {
  const control = document.getElementById(controlId);
  if (!control) return;
  event.preventDefault();
  const label = document.querySelector<HTMLElement>(`label[for="${CSS.escape(controlId)}"]`) ?? control.closest("label");
  (label ?? control).scrollIntoView(JUMP);
  control.focus({ preventScroll: true });
}

interface ErrorSummaryProps {
  /** The action's answer: a new one (each refused submission, even with the same errors) moves focus here. */
  answer: Refusal | null | undefined;
  fields: SummaryFields;
  /** For a form posted to an address with a fragment: that fragment's id, so the browser lands on and focuses the summary (see below). */
  id?: string;
  className?: string;
}

/**
 * The GOV.UK error summary at the top of a refused form: "There is a problem", then each message as a link to its field. It takes focus when it arrives, so
 * the first thing a person (or a screen reader) meets is what to fix.
 *
 * Without JavaScript it is focused as the page loads by its `autofocus` attribute, which React's server render writes (the client leaves it to the effect
 * below). Browsers skip autofocus when the address has a fragment naming an element; a form posted to `page#anchor` passes `id="anchor"` instead and drops
 * that id from where it was, so the browser's own jump to the fragment lands on the summary and focuses it.
 */
export function ErrorSummary({ answer, fields, id, className }: ErrorSummaryProps) {
  const items = errorSummaryItems(answer, fields);
  const headingId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;

  useEffect(() => {
    if (shown && summaryRef.current) focusSummary(summaryRef.current);
  }, [answer, shown]);

  if (!shown) return null;
  return (
    <div
      ref={summaryRef}
      id={id}
      tabIndex={-1}
      autoFocus
      aria-labelledby={headingId}
      data-testid="error-summary"
      className={cn(
        "grid gap-2 rounded-md border-2 border-red-700 bg-white p-4 text-slate-900 focus:outline-3 focus:outline-offset-2 focus:outline-brand-600",
        className,
      )}
    >
      <div role="alert" className="grid gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {answer?.summary?.title ?? "There is a problem"}
        </h2>
        {answer?.summary ? <p className="text-sm text-slate-800">{answer.summary.description}</p> : null}
        <ul className="grid gap-1 text-sm">
          {items.map((item) => (
            <li key={`${item.controlId ?? ""}:${item.message}`} className="break-words">
              {item.controlId ? (
                <a
                  href={`#${item.controlId}`}
                  onClick={(event) => focusControl(event, item.controlId!)}
                  className="inline-block py-0.5 leading-5 font-semibold text-red-700 underline underline-offset-2 hover:text-red-900"
                >
                  {item.message}
                </a>
              ) : (
                <p className="py-0.5 leading-5 font-semibold text-red-700">{item.message}</p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
