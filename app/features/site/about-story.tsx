import { useBrand } from "~/platform/brand";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { TrustStats } from "./trust-stats";

/** Who we are and how we work, on the About page. */
export function AboutStory() {
  const brand = useBrand();
  return (
    <Section labelledBy="story-title">
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="story-title" eyebrow="Our story" title="Why we do what we do" align="left" />
          <div className="mt-6 grid gap-4 text-lg leading-8 text-slate-600">
            <p>
              Small businesses are too often sold telecoms contracts that suit the seller rather than the customer: allowances nobody uses, handsets nobody
              asked for and renewals that quietly cost more each year.
            </p>
            <p>
              {brand.name} exists to change that. We work with award-winning B2B dealers and trusted UK suppliers to compare the market for you, then explain
              your options clearly so you can decide with confidence.
            </p>
            <p>
              Alongside business mobiles, we help with phone systems, broadband and managed IT services, so one conversation can cover everything that keeps
              your business connected.
            </p>
          </div>
        </div>
        <div className="self-center rounded-2xl bg-brand-50 p-6 sm:p-10">
          <TrustStats />
        </div>
      </div>
    </Section>
  );
}
