import { Building2, Compass, HandCoins, Network } from "~/ui/icons";
import { IconCardList, type IconPoint } from "./icon-cards";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";

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
] as const satisfies readonly IconPoint[];

/** The About page's four things we're proud of. */
export function PridePoints() {
  return (
    <Section labelledBy="pride-title" tone="muted">
      <SectionHeading id="pride-title" eyebrow="What we stand for" title="What we're proud of" description="Four promises that shape every quote we send." />
      <IconCardList points={POINTS} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
    </Section>
  );
}
