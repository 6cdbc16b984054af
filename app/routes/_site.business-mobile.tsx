import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { ArrowRight, Phone } from "~/ui/icons";
import { BenefitBadges } from "~/features/site/benefit-badges";
import { BenefitsList } from "~/features/site/benefits-list";
import { DealsSection } from "~/features/tariffs/deals-section";
import { Hero } from "~/features/site/hero";
import { MobilePlansBlock } from "~/features/tariffs/mobile-plans-block-part";
import { QuoteIncludesCard } from "~/features/quotes/quote-includes-card";
import { TestimonialsShowcase } from "~/features/content/content-parts";
import { QuoteWizard } from "~/features/wizard/quote-wizard-part";
import { buttonClasses, ButtonLink } from "~/ui/button";
import { phoneHref, useBrand } from "~/platform/brand";
import { pageMeta } from "~/features/site/seo";
import { comparisonToday } from "~/features/tariffs/tariff-comparison-schema";
import { readComparisonQuery } from "~/features/tariffs/comparison-query.server";
import { linesForTeamSize } from "~/features/tariffs/tariff-comparison";
import { firstStockImages } from "~/features/content/stock-images.server";
import { dealsForPage } from "~/features/tariffs/tariff-comparison.server";
import { listTestimonialsForDisplay } from "~/features/content/testimonials.server";
import { skipRevalidationAfterWizardSteps } from "~/features/wizard/quote-wizard-revalidation";
import { FORM_LOGO_LOCATIONS } from "~/features/content/stock-images";
import { publicFormHeaders } from "~/platform/public-forms.server";
import { quoteWizardAction } from "~/features/wizard/quote-wizard-action.server";

/** The page follows its query string (a comparison): the page cache keeps one copy per query, in its one spelling, for today. */
export const handle = { readsQuery: readComparisonQuery };

/** The quote wizard on this page posts here. */
export const action = quoteWizardAction;

/** A plain form post renders this page, and too many new comparisons are a 429: the rate limits' Retry-After is passed on. */
export const headers = publicFormHeaders;

/** Wizard steps change nothing else on the page, so its data is not reloaded after each one. */
export const shouldRevalidate = skipRevalidationAfterWizardSteps;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Business Mobile Deals Compared",
    description:
      "Compare business mobile and SIM-only deals from all the major UK networks. Independent, award-winning B2B partners, with a free quote from an expert within 24 hours.",
    path: "/business-mobile",
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const [images, testimonials, { retryAfterSeconds, ...deals }] = await Promise.all([
    firstStockImages(["general", ...FORM_LOGO_LOCATIONS]),
    listTestimonialsForDisplay(),
    dealsForPage(new URL(request.url).searchParams, comparisonToday()),
  ]);
  const formLogos = FORM_LOGO_LOCATIONS.map((location) => images[location]);
  // Past the visitor's allowance of new comparisons: the page still, its deals replaced by why.
  const limited = retryAfterSeconds === null ? undefined : { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
  return json({ image: images.general, formLogos, testimonials: testimonials.slice(0, 3), ...deals }, limited);
}

export default function BusinessMobile() {
  const { image, formLogos, testimonials, comparison, chosenDeal } = useLoaderData<typeof loader>();
  // After a wizard step posted without JavaScript, its team size can price the deals.
  const wizard = useActionData<typeof action>();
  const brand = useBrand();
  return (
    <>
      <Hero
        eyebrow="Business Mobiles"
        title="Business mobile deals from every major UK network"
        description="Tell us about your team and we'll compare SIM-only plans and handset deals across all the major UK networks. It takes 1 minute, and an expert will send your quote within 24 hours."
        highlights={["Free, no-obligation quote", "Great value SIM-only deals", "Keep your existing numbers", "100% independent"]}
        actions={
          <>
            <ButtonLink to="/business-mobile#deals" variant="accent" size="lg">
              Compare deals
              <ArrowRight className="size-5" aria-hidden />
            </ButtonLink>
            <ButtonLink to="#get-quote" variant="inverse" size="lg">
              Request your free quote
              <ArrowRight className="size-5" aria-hidden />
            </ButtonLink>
            <a href={phoneHref(brand.phone)} className={buttonClasses("inverse", "lg")}>
              <Phone className="size-5" aria-hidden />
              Call {brand.phone}
            </a>
          </>
        }
        aside={<QuoteIncludesCard />}
      />
      <DealsSection comparison={comparison} teamLines={linesForTeamSize(wizard?.answers.teamSize)} />
      <QuoteWizard formAction="/business-mobile" logos={formLogos} chosenDeal={chosenDeal} comparison={comparison.search} />
      <BenefitBadges />
      <MobilePlansBlock image={image} />
      <BenefitsList />
      <TestimonialsShowcase testimonials={testimonials} heading="Trusted by businesses across the UK" />
    </>
  );
}
