import { Award, BadgePoundSterling, Network } from "~/ui/icons";
import { IconBadge } from "./icon-cards";

const BADGES = [
  { icon: Award, title: "Award winning B2B partners", text: "Deals sourced through award-winning business dealers" },
  { icon: Network, title: "Compare all UK major networks", text: "Every major UK network, side by side" },
  { icon: BadgePoundSterling, title: "Great value SIM-only deals", text: "Keep your phones and cut your monthly bill" },
] as const;

/** The three promises under the Business Mobiles hero. */
export function BenefitBadges() {
  return (
    <section aria-label="Our promises" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        {BADGES.map((badge) => (
          <li key={badge.title} className="flex items-center gap-4">
            <IconBadge icon={badge.icon} tone="round" />
            <p className="leading-6">
              <strong className="block font-semibold text-slate-900">{badge.title}</strong>
              <span className="text-sm text-slate-600">{badge.text}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
