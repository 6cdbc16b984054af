import type { PublicTestimonial } from "~/lib/testimonials";

export function TestimonialsShowcase({ testimonials, heading }: { testimonials: PublicTestimonial[]; heading?: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 className="text-2xl font-bold">{heading ?? "What our customers say"}</h2>
      <ul className="mt-6 grid gap-4">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <blockquote>{testimonial.content}</blockquote>
            <p>
              {testimonial.name}, {testimonial.position}, {testimonial.company}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
