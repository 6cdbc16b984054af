import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Award, BadgeCheck, Building2, Signal } from "~/ui/icons";
import { TestimonialCard } from "~/features/content/testimonial-card";
import { ButtonLink } from "~/ui/button";
import { useBrand } from "~/platform/brand";
import { pageMeta } from "~/features/site/seo";
import { SAMPLE_TESTIMONIALS } from "~/features/content/testimonials";
import { NewsletterSignup } from "~/features/inbox/newsletter-signup";
import { StockImage } from "~/features/content/stock-image";
import { firstStockImages } from "~/features/content/stock-images.server";
import { newsletterAction } from "~/features/inbox/newsletter-action.server";
import { publicFormHeaders } from "~/platform/public-forms.server";

/** The newsletter form on this page posts here. */
export const action = newsletterAction;
export const headers = publicFormHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Customer Testimonials",
    description: "Read what UK small businesses say about comparing and switching their business mobile, phone system and broadband deals with us.",
    path: "/testimonials",
  });

export async function loader() {
  const images = await firstStockImages(["testimonials"]);
  return json({ image: images.testimonials });
}

const TRUST_POINTS = [
  { icon: Award, title: "Award-winning B2B dealers", text: "Recognised partners of the UK's leading networks." },
  { icon: Building2, title: "Over 100,000 businesses", text: "Have compared business products with us." },
  { icon: BadgeCheck, title: "100% independent", text: "Impartial advice, never tied to one supplier." },
  { icon: Signal, title: "Every major UK network", text: "Compared side by side for coverage and price." },
] as const;

export default function TestimonialsPage() {
  const { image } = useLoaderData<typeof loader>();
  const brand = useBrand();
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pt-16 pb-10 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:gap-14 lg:px-8">
          <div className="mx-auto max-w-3xl text-center lg:mx-0 lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Testimonials</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Trusted by small businesses across the UK</h1>
            <p className="mt-5 text-lg leading-8 text-slate-700">
              Sole traders, partnerships and growing teams come to {brand.name} to compare business mobile, phone system and broadband deals without the sales
              pressure. Here is what a few of them said after switching.
            </p>
          </div>
          <StockImage
            image={image}
            alt="Small business customers who compared their deals with us"
            placeholderLabel="Customer photo coming soon"
            className="aspect-[4/3] w-full rounded-2xl shadow-xl"
            priority
          />
        </div>
      </section>

      <section aria-label="What our customers say" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3 md:gap-8">
          {SAMPLE_TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="trust-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900">
            Why businesses choose us
          </h2>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {TRUST_POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-start gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-1 block text-sm leading-6 text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-12 flex flex-col items-center gap-3 text-center">
            <p className="text-slate-700">Your quote takes about a minute, and an expert replies within 24 hours.</p>
            <ButtonLink to="/business-mobile" size="lg">
              Get Your Quote
            </ButtonLink>
          </div>
        </div>
      </section>

      <NewsletterSignup page="/testimonials" />
    </>
  );
}
