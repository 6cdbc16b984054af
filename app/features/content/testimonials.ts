import { LIMITS, MAX_RATING, multiLine, requiredTextRule } from "~/lib/form-fields";

/** A testimonial as the public site shows it and `GET /api/testimonials` answers it. */
export interface PublicTestimonial {
  id: number | string;
  name: string;
  company: string;
  position: string;
  content: string;
  rating: number;
  featured: boolean;
  date: string;
}

/** The site's three built-in testimonials: shown when no testimonial is featured, and what "Import Existing" brings into the database. */
export const SAMPLE_TESTIMONIALS: PublicTestimonial[] = [
  {
    id: "sample-1",
    name: "Sarah Mitchell",
    company: "Mitchell & Co Accountants",
    position: "Practice Manager",
    content:
      "We were paying far too much for eight handsets on an old contract. Within a day we had three quotes side by side, and we now save over £90 a month with better coverage in the office.",
    rating: 5,
    featured: true,
    date: "March 14, 2025",
  },
  {
    id: "sample-2",
    name: "James Okafor",
    company: "Okafor Building Services",
    position: "Director",
    content:
      "My lads are out on sites across Yorkshire all day, so signal matters more than anything. The team found us a network that actually works where we work, and sorted the switch without any downtime.",
    rating: 4,
    featured: true,
    date: "April 2, 2025",
  },
  {
    id: "sample-3",
    name: "Priya Shah",
    company: "Bloom Floral Studio",
    position: "Owner",
    content:
      "As a sole trader I assumed business deals weren't for me. They found me a SIM-only plan cheaper than my personal contract, and answered every question in plain English.",
    rating: 5,
    featured: true,
    date: "May 21, 2025",
  },
];

/** The staff screen the testimonial dialogs sit on and close back to. */
export const TESTIMONIALS_ADMIN_PATH = "/admin/testimonials";

export const DEFAULT_RATING = MAX_RATING;

/** The add and edit dialogs' text fields (SPEC sections 3 and 5); the date is free text, as the site shows it. */
export const TESTIMONIAL_FIELDS = {
  name: requiredTextRule("a name", LIMITS.name),
  company: requiredTextRule("a company", LIMITS.shortText),
  position: requiredTextRule("a position", LIMITS.shortText),
  date: requiredTextRule("a date", 50),
  content: multiLine(requiredTextRule("the testimonial", 2000)),
};
