/** User-facing notification texts. The spec's wording is kept exactly; anything beyond the spec is marked as such. */
export const TOAST_KINDS = ["default", "success", "destructive"] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface ToastMessage {
  title: string;
  description?: string;
  kind: ToastKind;
}

/** The staff portal's refusal toast: titled "Error" as the spec's are, with what went wrong. */
export function errorToast(description?: string): ToastMessage {
  return { kind: "destructive", title: "Error", description };
}

export const MESSAGES = {
  submissionFailed: {
    kind: "destructive",
    title: "Submission Failed",
    description: "Please try again or contact us directly.",
  },
  // Beyond the spec: answers to the contact, newsletter and cookie forms.
  enquirySent: {
    kind: "success",
    title: "Message sent",
    description: "Thank you for getting in touch. A member of our team will reply within one working day.",
  },
  newsletterJoined: {
    kind: "success",
    title: "Check your inbox",
    description: "We've emailed you a link: confirm your subscription there and you're in.",
  },
  checkYourDetails: {
    kind: "destructive",
    title: "Please check your details",
    description: "Some of the information you entered needs correcting.",
  },
  tooManyRequests: {
    kind: "destructive",
    title: "Too many attempts",
    description: "Please wait a minute and try again, or contact us directly.",
  },
  // Beyond the spec: a customer's answer to their quote at /quote/{token}.
  quoteAccepted: {
    kind: "success",
    title: "Quote accepted",
    description: "Thank you. Your receipt is below and we will be in touch to arrange everything.",
  },
  quoteDeclined: {
    kind: "success",
    title: "Thank you for letting us know",
    description: "We have told your account manager.",
  },
  /** Declined with email off: nobody was emailed, but staff see the answer on the lead. */
  quoteDeclinedAnswerKept: {
    kind: "success",
    title: "Thank you for letting us know",
    description: "Your answer is with your account manager.",
  },
  // Beyond the spec: public writes refused while the data volume is nearly full (the quote wizard keeps the spec's title).
  writesPaused: {
    kind: "destructive",
    title: "Submission Failed",
    description: "We can't take new submissions at the moment. Please try again later or contact us directly.",
  },
} as const satisfies Record<string, ToastMessage>;

/** A toast on its way to the screen; the id tells one showing from the next. */
export type Toast = ToastMessage & { id: string };

/** The quote wizard's words for a required answer left empty (SPEC section 4), heading the form's error summary rather than a toast over the form. */
export const MISSING_INFORMATION = { title: "Missing Information", description: "Please fill in all required fields." } as const;
