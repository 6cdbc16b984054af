/** What a staff delete dialog says, and the list it sits on (the spec's wording kept exactly). */
export interface DeleteDialog {
  /** The list the dialog sits on: closing goes back to it, and so does a delete, with its search and page. */
  list: string;
  title: string;
  question: string;
  /** Shown instead of the question once the record is gone. */
  goneText: string;
  confirmLabel?: string;
  busyLabel?: string;
  /** The success toast's title. */
  done: string;
  /** The failure toast's text, before the model's reason (the spec's "Failed to delete lead"); without it, the reason alone. */
  failed?: string;
  /** The failure toast's title: "Error" unless the spec names another ("Delete Failed" for images). */
  failedTitle?: string;
}

export const DELETE_DIALOGS = {
  lead: {
    list: "/admin/leads",
    title: "Delete lead",
    question: "Are you sure you want to delete this lead? This action cannot be undone.",
    goneText: "This lead no longer exists. It may have been deleted already.",
    done: "Lead deleted successfully",
    failed: "Failed to delete lead",
  },
  enquiry: {
    list: "/admin/enquiries",
    title: "Delete enquiry",
    question: "Are you sure you want to delete this enquiry? This action cannot be undone.",
    goneText: "This enquiry no longer exists. It may have been deleted already.",
    done: "Enquiry deleted successfully",
    failed: "Failed to delete enquiry",
  },
  subscriber: {
    list: "/admin/newsletter",
    title: "Remove subscriber",
    question: "Are you sure you want to remove this subscriber? This action cannot be undone.",
    goneText: "This subscriber is no longer on the list. They may have been removed already.",
    confirmLabel: "Remove",
    busyLabel: "Removing...",
    done: "Subscriber removed successfully",
    failed: "Failed to remove subscriber",
  },
  // The spec's failure toast is "Delete Failed" with the server's text.
  image: {
    list: "/admin/stock-images",
    title: "Delete image",
    question: "Are you sure you want to delete this image?",
    goneText: "This image no longer exists. It may have been deleted already.",
    done: "Image deleted successfully",
    failedTitle: "Delete Failed",
  },
  // The spec's failure toast is "Error" with the model's message alone.
  testimonial: {
    list: "/admin/testimonials",
    title: "Delete testimonial",
    question: "Are you sure you want to delete this testimonial?",
    goneText: "This testimonial no longer exists. It may have been deleted already.",
    done: "Testimonial deleted successfully",
  },
  tariff: {
    list: "/admin/tariffs",
    title: "Delete tariff",
    question:
      "Are you sure you want to delete this tariff? Leads that chose it keep what they saw; to take it off the website but keep it here, withdraw it instead.",
    goneText: "This tariff no longer exists. It may have been deleted already.",
    done: "Tariff deleted",
  },
  spend: {
    list: "/admin/reports/sources/spend",
    title: "Delete spend",
    question: "Are you sure you want to delete this spend? The Sources report will no longer count it.",
    goneText: "This spend entry no longer exists. It may have been deleted already.",
    done: "Spend deleted",
  },
} as const satisfies Record<string, DeleteDialog>;

export type DeletedRecord = keyof typeof DELETE_DIALOGS;
