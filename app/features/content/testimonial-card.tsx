import type { HTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import type { PublicTestimonial } from "./testimonials";
import { StarRating } from "./star-rating";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

interface TestimonialCardProps extends HTMLAttributes<HTMLElement> {
  testimonial: PublicTestimonial;
}

/** One customer's words: stars, quote, who said it and when. Content is always plain text. */
export function TestimonialCard({ testimonial, className, ...props }: TestimonialCardProps) {
  const role = [testimonial.position, testimonial.company].filter(Boolean).join(", ");
  return (
    <figure
      data-testid="testimonial-card"
      className={cn("flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}
      {...props}
    >
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-5 flex-1 text-base leading-7 text-slate-700">
        <p className="break-words whitespace-pre-line">&ldquo;{testimonial.content}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-100 pt-5">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
          {initials(testimonial.name)}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          {role ? <span className="block text-sm text-slate-600">{role}</span> : null}
          <span className="block text-sm text-slate-600">{testimonial.date}</span>
        </span>
      </figcaption>
    </figure>
  );
}
