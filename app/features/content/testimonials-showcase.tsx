import { ChevronLeft, ChevronRight } from "~/ui/icons";
import { useId, useState } from "react";
import { cn } from "~/lib/cn";
import { isHydrated } from "~/lib/hydration";
import type { PublicTestimonial } from "./testimonials";
import { TestimonialCard } from "./testimonial-card";
import { useCarousel } from "./use-carousel";

const slideId = (index: number) => `testimonial-${index + 1}`;

const wrap = (index: number, count: number) => ((index % count) + count) % count;

// No display class here: the link pairs toggle theirs.
const arrowClasses =
  "size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:border-brand-600 hover:text-brand-700";

const dotClasses = "flex size-6 items-center justify-center rounded-full";
const dotMarkClasses = "block h-2.5 rounded-full transition-all";
const dotIdle = "w-2.5 bg-slate-400";
const dotActive = "w-6 bg-brand-600";

/**
 * Without JavaScript the controls are links to the slides' anchors. Only the
 * page's `:target` knows which slide is showing, so a previous/next link pair
 * is rendered per slide and this stylesheet shows the pair (and lights the
 * dot) of the slide in the address bar, the first one by default.
 */
function targetStyles(count: number): string {
  const scope = "[data-carousel]";
  const otherTarget = `${scope}:has([data-carousel-slide]:not(#${slideId(0)}):target)`;
  const active = "width:1.5rem;background-color:var(--color-brand-600,#1d5cf1)";
  const idle = "width:0.625rem;background-color:var(--color-slate-400,#94a3b8)";
  const rules = [`${scope} [data-dot="0"] span{${active}}`, `${otherTarget} [data-dot="0"] span{${idle}}`, `${otherTarget} [data-nav-set="0"]{display:none}`];
  for (let index = 1; index < count; index++) {
    const when = `${scope}:has(#${slideId(index)}:target)`;
    rules.push(`${when} [data-nav-set="${index}"]{display:flex}`, `${when} [data-dot="${index}"] span{${active}}`);
  }
  return rules.join("\n");
}

function LinkControls({ count }: { count: number }) {
  const slides = Array.from({ length: count }, (_, index) => index);
  // The <style> is the server's, allowed by its hash in the page's CSP. A carousel mounted after
  // hydration (a client-side navigation) swaps its links for buttons at once, so it leaves the
  // style out rather than insert one the page's CSP would refuse.
  const [withTargetStyles] = useState(() => !isHydrated());
  return (
    <div className="mt-6 flex items-center justify-center gap-4 md:hidden">
      {withTargetStyles ? <style dangerouslySetInnerHTML={{ __html: targetStyles(count) }} /> : null}
      {slides.map((index) => (
        <a
          key={index}
          href={`#${slideId(wrap(index - 1, count))}`}
          data-nav-set={index}
          data-testid="carousel-prev"
          aria-label="Previous testimonial"
          className={cn(arrowClasses, index === 0 ? "flex" : "hidden")}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </a>
      ))}
      <div className="flex items-center gap-1">
        {slides.map((index) => (
          <a
            key={index}
            href={`#${slideId(index)}`}
            data-dot={index}
            data-testid="carousel-dot"
            aria-label={`Show testimonial ${index + 1}`}
            className={dotClasses}
          >
            <span className={cn(dotMarkClasses, dotIdle)} />
          </a>
        ))}
      </div>
      {slides.map((index) => (
        <a
          key={index}
          href={`#${slideId(wrap(index + 1, count))}`}
          data-nav-set={index}
          data-testid="carousel-next"
          aria-label="Next testimonial"
          className={cn(arrowClasses, index === 0 ? "flex" : "hidden")}
        >
          <ChevronRight aria-hidden className="size-5" />
        </a>
      ))}
    </div>
  );
}

function ButtonControls({ count, activeIndex, trackId, goTo }: { count: number; activeIndex: number; trackId: string; goTo: (index: number) => void }) {
  return (
    <div className="mt-6 flex items-center justify-center gap-4 md:hidden">
      <button
        type="button"
        data-testid="carousel-prev"
        aria-label="Previous testimonial"
        aria-controls={trackId}
        onClick={() => goTo(activeIndex - 1)}
        className={cn(arrowClasses, "flex")}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <div className="flex items-center gap-1">
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            data-testid="carousel-dot"
            aria-label={`Show testimonial ${index + 1}`}
            aria-current={index === activeIndex ? "true" : undefined}
            aria-controls={trackId}
            onClick={() => goTo(index)}
            className={dotClasses}
          >
            <span className={cn(dotMarkClasses, index === activeIndex ? dotActive : dotIdle)} />
          </button>
        ))}
      </div>
      <button
        type="button"
        data-testid="carousel-next"
        aria-label="Next testimonial"
        aria-controls={trackId}
        onClick={() => goTo(activeIndex + 1)}
        className={cn(arrowClasses, "flex")}
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/**
 * The testimonials block (SPEC section 2): a three-column grid from `md` up;
 * below that a swipeable scroll-snap carousel whose previous/next and dots
 * wrap around. One per page: the slides' anchors are `#testimonial-N`.
 */
export function TestimonialsShowcase({
  testimonials,
  heading = "What our customers say",
  className,
}: {
  testimonials: PublicTestimonial[];
  heading?: string;
  className?: string;
}) {
  const headingId = useId();
  const trackId = useId();
  const count = testimonials.length;
  const { trackRef, activeIndex, enhanced, goTo } = useCarousel(count);
  if (count === 0) return null;

  return (
    <section aria-labelledby={headingId} data-carousel className={cn("bg-slate-50 py-16 sm:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Testimonials</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {heading}
          </h2>
        </div>
        <div
          ref={trackRef}
          id={trackId}
          role="region"
          aria-roledescription="carousel"
          aria-label="Customer testimonials"
          // Focusable so keyboard users can scroll it with the arrow keys (a scrollable region must be).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="relative mt-10 flex snap-x snap-mandatory [scrollbar-width:none] gap-4 overflow-x-auto px-1 py-2 md:mt-14 md:grid md:grid-cols-3 md:gap-8 md:overflow-visible [&::-webkit-scrollbar]:hidden"
        >
          {testimonials.map((testimonial, index) => (
            <div
              key={testimonial.id}
              id={slideId(index)}
              data-carousel-slide=""
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              // Without JavaScript a dot link also scrolls the page: stop just under the sticky header.
              className="w-full shrink-0 snap-center scroll-mt-24 md:w-auto"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
        </div>
        {count > 1 ? (
          enhanced ? (
            <ButtonControls count={count} activeIndex={activeIndex} trackId={trackId} goTo={goTo} />
          ) : (
            <LinkControls count={count} />
          )
        ) : null}
      </div>
    </section>
  );
}
