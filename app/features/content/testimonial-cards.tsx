import { Link } from "@remix-run/react";
import { MessageSquareQuote, Pencil, Trash2 } from "~/ui/icons";
import { StarRating } from "./star-rating";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import type { PublicTestimonial } from "./testimonials";

/**
 * The testimonials screen's cards (SPEC section 2): name, Featured badge,
 * position, company, date, stars, the quote, and Edit and Delete for staff
 * who may change them. Everything typed is shown as text.
 */
export function TestimonialCards({ testimonials, canManage }: { testimonials: PublicTestimonial[]; canManage: boolean }) {
  if (testimonials.length === 0) {
    return (
      <div className="rounded-xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
        <MessageSquareQuote className="mx-auto size-10 text-slate-400" aria-hidden />
        <p className="mt-3 font-semibold text-slate-900">No testimonials yet</p>
        <p className="mt-1 text-sm text-slate-600">
          {canManage ? "Add one, or import the website's built-in testimonials to get started." : "Testimonials added by an administrator will appear here."}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Testimonials">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} data-testid="testimonial-admin-card" data-testimonial-id={testimonial.id}>
          <article className="flex h-full flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <header className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 text-lg font-semibold break-words text-slate-900">{testimonial.name}</h2>
                {testimonial.featured ? <Badge tone="amber">Featured</Badge> : null}
              </div>
              <p className="text-sm break-words text-slate-700">
                {testimonial.position} <span className="text-slate-600">at</span> {testimonial.company}
              </p>
              <p className="text-sm text-slate-600">{testimonial.date}</p>
            </header>
            <StarRating rating={testimonial.rating} />
            <blockquote className="flex-1 text-sm leading-6 text-slate-700">
              <p className="break-words whitespace-pre-line">&ldquo;{testimonial.content}&rdquo;</p>
            </blockquote>
            {canManage ? (
              <div className="flex gap-2 border-t border-slate-100 pt-4">
                <Link to={`/admin/testimonials/${testimonial.id}/edit`} preventScrollReset className={buttonClasses("outline", "sm")}>
                  <Pencil className="size-4" aria-hidden /> Edit
                  <span className="sr-only"> the testimonial from {testimonial.name}</span>
                </Link>
                <Link
                  to={`/admin/testimonials/${testimonial.id}/delete`}
                  preventScrollReset
                  className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-semibold text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 className="size-4" aria-hidden /> Delete
                  <span className="sr-only"> the testimonial from {testimonial.name}</span>
                </Link>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
