import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { controlAttributes, markedRequired, type FieldRule } from "~/lib/form-fields";
import { HONEYPOT_FIELD } from "~/lib/form-submission";

const controlClasses =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm";

interface FieldProps {
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  label: ReactNode;
  /** The field's rule: its required marker and the control's required, maxLength and type come from it. */
  rule?: FieldRule;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  /** For a label shown only to screen readers at some widths (a row under column headings): `md:sr-only`. */
  labelClassName?: string;
  children: (control: {
    id: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    required?: boolean;
    maxLength?: number;
    type?: "email" | "tel";
  }) => ReactNode;
}

/** A label, a control and its error message, wired together for screen readers. */
export function Field({ id, label, rule, required = rule ? markedRequired(rule) : false, error, hint, className, labelClassName, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className={cn("scroll-mt-20 text-sm font-medium text-slate-800", labelClassName)}>
        {label}
        {required ? (
          <span className="text-red-600" aria-hidden>
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { required: true } : {}),
        ...(rule ? controlAttributes(rule) : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlClasses, "h-11", className)} {...props} />;
}

/** A file chooser: as tall as its button, which is styled like the site's. */
export function FileInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <input
      type="file"
      className={cn(
        controlClasses,
        "file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlClasses, className)} {...props} />;
}

/** `compact`: as tall as a toolbar's buttons (h-10) rather than a form's fields (h-11). */
export function Select({ className, compact = false, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { compact?: boolean }) {
  return <select className={cn(controlClasses, compact ? "h-10" : "h-11", className)} {...props} />;
}

/**
 * A field bots fill and people never see: a submission with it filled is
 * dropped quietly. Hidden from view and from assistive technology.
 */
export function HoneypotField({ formId }: { formId: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-website-url`}>Leave this field empty</label>
      <input id={`${formId}-website-url`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
