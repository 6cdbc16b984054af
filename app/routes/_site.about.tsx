import { json } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { ArrowRight } from "~/ui/icons";
import { AboutStory } from "~/features/site/about-story";
import { Hero } from "~/features/site/hero";
import { PridePoints } from "~/features/site/pride-points";
import { StockImage } from "~/features/content/stock-image";
import { ButtonLink } from "~/ui/button";
import { useBrand } from "~/platform/brand";
import { pageMeta } from "~/features/site/seo";
import { firstStockImages } from "~/features/content/stock-images.server";
import { NewsletterSignup } from "~/features/inbox/newsletter-signup";
import { newsletterAction } from "~/features/inbox/newsletter-action.server";
import { publicFormHeaders } from "~/platform/public-forms.server";

/** The newsletter form on this page posts here. */
export const action = newsletterAction;
export const headers = publicFormHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About Us",
    description:
      "We're an independent UK team helping small businesses compare business mobile, phone system, broadband and IT deals across every major network, at no cost to you.",
    path: "/about",
  });

export async function loader() {
  const images = await firstStockImages(["about-us"]);
  return json({ image: images["about-us"] });
}

export default function About() {
  const { image } = useLoaderData<typeof loader>();
  const brand = useBrand();
  return (
    <>
      <Hero
        eyebrow={`About ${brand.name}`}
        title="Independent telecoms advice for UK small businesses"
        description="We help small businesses across the UK find better value business mobiles, phone systems, broadband and IT services, with honest advice from people who know the market."
        actions={
          <>
            <ButtonLink to="/business-mobile" variant="accent" size="lg">
              Start Your Quote
              <ArrowRight className="size-5" aria-hidden />
            </ButtonLink>
            <ButtonLink to="/contact" variant="inverse" size="lg">
              Contact Us
            </ButtonLink>
          </>
        }
        aside={
          <StockImage
            image={image}
            alt={image?.description ?? `The ${brand.name} team at work`}
            placeholderLabel="About us image coming soon"
            className="aspect-[4/3] w-full rounded-2xl shadow-2xl"
            priority
          />
        }
      />
      <AboutStory />
      <PridePoints />
      <NewsletterSignup page="/about" />
    </>
  );
}
