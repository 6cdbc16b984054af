import { cn } from "~/lib/cn";
import { QUOTE_WIZARD_INPUT_STEPS, type QuoteWizardStep } from "~/features/leads";

// Classes, not inline styles, so the page's CSP needs nothing extra.
const WIDTHS: Record<QuoteWizardStep, string> = {
  1: "w-1/5",
  2: "w-2/5",
  3: "w-3/5",
  4: "w-4/5",
  5: "w-full",
  6: "w-full",
};

/** The progress bar: step/5 of the width. */
export function WizardProgress({ step }: { step: QuoteWizardStep }) {
  const shown = Math.min(step, QUOTE_WIZARD_INPUT_STEPS);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-slate-600">{step <= QUOTE_WIZARD_INPUT_STEPS ? `Step ${shown} of ${QUOTE_WIZARD_INPUT_STEPS}` : "All done"}</p>
      <div
        role="progressbar"
        aria-label="Quote progress"
        aria-valuemin={0}
        aria-valuemax={QUOTE_WIZARD_INPUT_STEPS}
        aria-valuenow={shown}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div data-testid="wizard-progress" className={cn("h-full rounded-full bg-brand-600 transition-all duration-300", WIDTHS[step])} />
      </div>
    </div>
  );
}
