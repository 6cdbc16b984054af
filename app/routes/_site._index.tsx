import { json } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { AboutBlock, HomeHero, HowItWorks, ServicesTiles, WhyChooseUs } from "~/features/site/static-parts";
import { ResourceCards, TestimonialsShowcase } from "~/features/content/content-parts";
import { QuoteWizard } from "~/features/wizard/quote-wizard-part";
import { useBrand } from "~/platform/brand";
import { pageMeta } from "~/features/site/seo";
import { firstStockImages, listStockImagesByLocation } from "~/features/content/stock-images.server";
import { listTestimonialsForDisplay } from "~/features/content/testimonials.server";
import { skipRevalidationAfterWizardSteps } from "~/features/wizard/quote-wizard-revalidation";
import { FORM_LOGO_LOCATIONS } from "~/features/content/stock-images";
import { publicFormHeaders } from "~/platform/public-forms.server";
import { quoteWizardAction } from "~/features/wizard/quote-wizard-action.server";

/** The quote wizard on this page posts here. */
export const action = quoteWizardAction;

/** A plain form post renders this page, so the rate limit's Retry-After is passed on. */
export const headers = publicFormHeaders;

/** Wizard steps change nothing else on the page, so its data is not reloaded after each one. */
export const shouldRevalidate = skipRevalidationAfterWizardSteps;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Compare Business Mobile Deals for UK Small Businesses",
    description:
      "Compare business mobile, phone system, broadband and IT deals from all the major UK networks. 100% independent, takes 1 minute, with a quote from an expert within 24 hours.",
    path: "/",
  });

export async function loader() {
  const [images, resourceImages, testimonials] = await Promise.all([
    firstStockImages(["hero-section", "services", "about-us", ...FORM_LOGO_LOCATIONS]),
    listStockImagesByLocation("resources"),
    listTestimonialsForDisplay(),
  ]);
  const formLogos = FORM_LOGO_LOCATIONS.map((location) => images[location]);
  return json({ images, formLogos, resourceImages, testimonials });
}

export default function Home() {
  const { images, formLogos, resourceImages, testimonials } = useLoaderData<typeof loader>();
  const brand = useBrand();
  return (
    <>
      <HomeHero image={images["hero-section"]} />
      <QuoteWizard formAction="/?index" logos={formLogos} />
      <HowItWorks />
      <ServicesTiles image={images.services} />
      <AboutBlock image={images["about-us"]} brand={brand} />
      <WhyChooseUs />
      <ResourceCards images={resourceImages} />
      <TestimonialsShowcase testimonials={testimonials} heading="What our customers say" />
    </>
  );
}
