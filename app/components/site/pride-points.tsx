import { Building2, Compass, HandCoins, Network } from "~/components/ui/icons";
import { Section } from "./section";
import { SectionHeading } from "./section-heading";

const POINTS = [
  {
    icon: Compass,
    title: "Independent advice",
    text: "We aren't owned by or tied to any network, so our recommendations follow your needs, not a sales target.",
  },
  {
    icon: Building2,
    title: "UK-based experts",
    text: "Our advisers are based in the UK and specialise in small business telecoms. You'll always speak to someone who knows your account.",
  },
  {
    icon: Network,
    title: "Every major network",
    text: "We compare all the major UK networks alongside our trusted suppliers, so you see the whole market in one quote.",
  },
  {
    icon: HandCoins,
    title: "No cost to you",
    text: "Our service is free for your business. We're paid by the supplier you choose, and our advice is the same whichever you pick.",
  },
] as const;

/** The About page's four things we're proud of. */
export function PridePoints() {
  return (
    <Section labelledBy="pride-title" tone="muted">
      <SectionHeading id="pride-title" eyebrow="What we stand for" title="What we're proud of" description="Four promises that shape every quote we send." />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
              <point.icon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{point.title}</h3>
            <p className="mt-2 leading-7 text-slate-600">{point.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
