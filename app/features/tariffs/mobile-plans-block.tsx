import type { PublicStockImage } from "~/features/content";
import { CheckList } from "~/ui/check-list";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { StockImage } from "~/features/content";

/** The Business Mobiles page's services block: what we compare, beside the "general" image. */
export function MobilePlansBlock({ image }: { image: PublicStockImage | null }) {
  return (
    <Section labelledBy="mobile-plans-title">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="mobile-plans-title" eyebrow="Business mobile plans" title="Mobile plans built around your business" align="left" />
          <div className="mt-6 grid gap-4 text-lg leading-8 text-slate-600">
            <p>
              Whether you need two lines or two hundred, we find the tariff that matches how your team really uses their phones, then handle the switch for you.
            </p>
            <p>Our experts compare every major UK network and our trusted suppliers, including:</p>
          </div>
          <CheckList
            className="mt-6 sm:grid-cols-2 sm:gap-x-6"
            items={[
              "SIM-only plans",
              "Latest iPhone and Android handsets",
              "5G and unlimited data",
              "Shared data for the whole team",
              "EU and worldwide roaming",
              "Mobile device management",
            ]}
          />
        </div>
        <StockImage
          image={image}
          alt={image?.description ?? "A business team using their mobile phones at work"}
          placeholderLabel="Business mobiles image coming soon"
          className="aspect-[4/3] w-full rounded-2xl shadow-lg"
        />
      </div>
    </Section>
  );
}
