import { ArrowRight } from "~/ui/icons";
import { buttonClasses, ButtonLink } from "~/ui/button";
import type { PublicStockImage } from "~/features/content";
import { Hero } from "./hero";
import { HeroShowcase } from "./hero-showcase";

/** The home page's opening band: what we do, the calls to action and the staff's hero image. */
export function HomeHero({ image }: { image: PublicStockImage | null }) {
  return (
    <Hero
      eyebrow="Business mobiles for UK small businesses"
      title="Compare business mobile deals and save"
      description="We compare all the major UK networks and our trusted UK suppliers to find the right plan for your team. It takes 1 minute to tell us what you need, and you'll get a quote from an expert within 24 hours."
      highlights={["Award-winning B2B dealers", "All major UK networks compared", "100% independent advice", "Great value SIM-only deals"]}
      actions={
        <>
          <ButtonLink to="/business-mobile#deals" variant="accent" size="lg">
            Compare deals now
            <ArrowRight className="size-5" aria-hidden />
          </ButtonLink>
          <a href="#how-it-works" className={buttonClasses("inverse", "lg")}>
            How it works
          </a>
        </>
      }
      footnote="Trusted by UK businesses: we've compared deals for over 100,000 of them."
      aside={<HeroShowcase image={image} />}
    />
  );
}
