/**
 * User-facing notification texts. The spec's wording is kept exactly;
 * anything beyond the spec is marked as such.
 */
export type ToastKind = "default" | "success" | "destructive";

export interface ToastMessage {
  title: string;
  description?: string;
  kind: ToastKind;
}

export const MESSAGES = {
  missingInformation: {
    kind: "destructive",
    title: "Missing Information",
    description: "Please fill in all required fields.",
  },
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
    title: "You're subscribed",
    description: "Thanks for signing up. Look out for our next newsletter in your inbox.",
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
} as const satisfies Record<string, ToastMessage>;

/** A toast on its way to the screen; the id tells one showing from the next. */
export type Toast = ToastMessage & { id: string };
