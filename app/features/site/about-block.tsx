import { ArrowRight } from "~/ui/icons";
import { ButtonLink } from "~/ui/button";
import type { Brand } from "~/platform/brand";
import type { PublicStockImage } from "~/features/content";
import { CheckList } from "~/ui/check-list";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { StockImage } from "~/features/content";

/** The home page's short introduction to the company, leading to the About page. */
export function AboutBlock({ image, brand }: { image: PublicStockImage | null; brand: Brand }) {
  return (
    <Section labelledBy="about-title">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <StockImage
          image={image}
          alt={image?.description ?? `The ${brand.name} team`}
          placeholderLabel="About us image coming soon"
          className="aspect-[4/3] w-full rounded-2xl shadow-lg"
        />
        <div>
          <SectionHeading id="about-title" eyebrow="About us" title="Independent experts on your side" align="left" />
          <div className="mt-6 grid gap-4 text-lg leading-8 text-slate-600">
            <p>
              {brand.name} helps UK small businesses cut through confusing tariffs. We compare deals from the major UK networks and our network of trusted
              suppliers, then explain the options in plain English.
            </p>
            <p>We don't work for any one network, so our only job is finding the deal that fits the way you work.</p>
          </div>
          <CheckList
            className="mt-8"
            items={[
              "Award-winning B2B dealers and trusted UK suppliers",
              "Deals compared for over 100,000 businesses",
              "A named expert from first call to switch-over",
            ]}
          />
          <ButtonLink to="/about" variant="outline" className="mt-10">
            More about us
            <ArrowRight className="size-4" aria-hidden />
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}
