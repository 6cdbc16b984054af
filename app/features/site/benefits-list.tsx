import { CalendarRange, Headset, PiggyBank, Repeat, Signal, TrendingUp } from "~/ui/icons";
import { IconCardList, type IconPoint } from "./icon-cards";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";

const BENEFITS = [
  {
    icon: PiggyBank,
    title: "Lower monthly costs",
    text: "Pay for the minutes and data your team actually uses, not an allowance picked years ago.",
  },
  {
    icon: Signal,
    title: "Coverage where you work",
    text: "We check each network's signal at your premises and the places your team travels to.",
  },
  {
    icon: Headset,
    title: "A dedicated UK expert",
    text: "One named contact who knows your account, from your first quote to your next renewal.",
  },
  {
    icon: CalendarRange,
    title: "Flexible contract terms",
    text: "Choose 12, 24 or 36 month contracts, with SIM-only options that keep your commitment low.",
  },
  {
    icon: Repeat,
    title: "Keep your numbers",
    text: "We arrange the transfer of your existing numbers, so customers can still reach you on day one.",
  },
  {
    icon: TrendingUp,
    title: "Room to grow",
    text: "Add lines for new starters or upgrade handsets as your business changes, without starting over.",
  },
] as const satisfies readonly IconPoint[];

/** The six reasons to switch, on the Business Mobiles page. */
export function BenefitsList() {
  return (
    <Section labelledBy="benefits-title" tone="muted">
      <SectionHeading
        id="benefits-title"
        eyebrow="Benefits"
        title="Why switch your business mobiles with us"
        description="An independent comparison takes the guesswork out of your next contract."
      />
      <IconCardList points={BENEFITS} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
    </Section>
  );
}
