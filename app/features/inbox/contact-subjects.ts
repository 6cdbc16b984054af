/** The contact form's subjects, once. The database CHECK constraints, the zod schemas and the UI are built from these. */

export const CONTACT_SUBJECTS = ["business-mobile", "phone-systems", "broadband", "it-services", "general-enquiry"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  "business-mobile": "Business Mobile",
  "phone-systems": "Phone Systems",
  broadband: "Broadband",
  "it-services": "IT Services",
  "general-enquiry": "General Enquiry",
};
