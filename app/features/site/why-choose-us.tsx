import { ArrowRight, Scale, Sparkles } from "~/ui/icons";
import { ButtonLink } from "~/ui/button";
import { CheckList } from "~/ui/check-list";
import { IconCardList, type IconPoint } from "./icon-cards";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";

const REASONS = [
  {
    icon: Sparkles,
    title: "Simplicity",
    text: "One short form, one expert and one clear quote. We translate contracts and tariffs into plain English, handle the paperwork and manage the switch so your team stays connected throughout.",
  },
  {
    icon: Scale,
    title: "Completely Impartial",
    text: "We're 100% independent and not tied to any network. We compare all the major UK networks side by side and recommend what genuinely suits your business, even if that means staying put.",
  },
] as const satisfies readonly IconPoint[];

export function WhyChooseUs() {
  return (
    <Section labelledBy="why-choose-us-title" tone="dark">
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading
            id="why-choose-us-title"
            eyebrow="Why choose us"
            title="Straightforward advice you can trust"
            description="Switching business mobile provider should save you time and money, not cost you either."
            align="left"
            inverted
          />
          <CheckList
            inverted
            className="mt-8"
            items={[
              "No cost to your business and no obligation",
              "Trusted UK suppliers and award-winning B2B dealers",
              "A quote from an expert within 24 hours",
            ]}
          />
          <ButtonLink to="/business-mobile" variant="accent" size="lg" className="mt-10">
            Get your free quote
            <ArrowRight className="size-5" aria-hidden />
          </ButtonLink>
        </div>
        <IconCardList points={REASONS} tone="dark" className="grid content-center gap-6" />
      </div>
    </Section>
  );
}
