import { BadgePercent, Clock, ShieldCheck } from "~/ui/icons";
import { IconBadge } from "./icon-cards";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";

const STEPS = [
  {
    icon: Clock,
    title: "Quick & Easy",
    text: "Tell us about your team and your current contract. Our short form takes about a minute and asks nothing you won't know off the top of your head.",
  },
  {
    icon: ShieldCheck,
    title: "Hassle Free",
    text: "An independent expert compares tariffs from every major UK network for you. No chasing sales teams, no jargon and no obligation.",
  },
  {
    icon: BadgePercent,
    title: "Amazing Offers",
    text: "Receive your tailored quote within 24 hours, including great value SIM-only deals, then choose the option that suits your business.",
  },
] as const;

/** The three steps from enquiry to quote. The footer's "How does it work?" link lands here. */
export function HowItWorks() {
  return (
    <Section id="how-it-works" labelledBy="how-it-works-title">
      <SectionHeading
        id="how-it-works-title"
        eyebrow="How it works"
        title="Your best deal in three simple steps"
        description="Comparing business mobile deals shouldn't take up your working day. We do the legwork so you don't have to."
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-3 lg:gap-8">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <div className="flex items-center justify-between">
              <IconBadge icon={step.icon} tone="soft" />
              <span className="text-sm font-semibold text-slate-600">Step {index + 1}</span>
            </div>
            <h3 className="mt-6 text-xl font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-3 leading-7 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
