import { Link } from "@remix-run/react";
import { BadgeCheck, BadgePoundSterling, CircleCheck, HandCoins, PiggyBank, Reply } from "~/ui/icons";
import { acceptanceRateHint, QUOTES_ADMIN_PATH, type QuoteFigures } from "./quotes-screen";
import { StatCard } from "~/ui/stat-card";
import { formatCount, formatPercent, formatPounds } from "~/lib/money";
import { countOf } from "~/lib/plural";

/** The quote figures of the last FIGURE_DAYS days, with what the acceptance rate means. */
export function QuoteTiles({ quotes }: { quotes: QuoteFigures }) {
  const period = `last ${countOf(quotes.days, "day")}`;
  const tiles = [
    { label: `Quotes sent (${period})`, value: formatCount(quotes.sent), icon: Reply },
    { label: `Quotes accepted (${period})`, value: formatCount(quotes.accepted), icon: CircleCheck },
    { label: `Acceptance rate (${period})`, value: quotes.acceptanceRate === null ? "—" : formatPercent(quotes.acceptanceRate), icon: BadgeCheck },
    { label: `Accepted monthly value ex VAT (${period})`, value: formatPounds(quotes.acceptedMonthlyExVatPence), icon: BadgePoundSterling },
    { label: `Accepted monthly value inc VAT (${period})`, value: formatPounds(quotes.acceptedMonthlyIncVatPence), icon: PiggyBank },
    { label: "Open quotes: monthly value ex VAT", value: formatPounds(quotes.openMonthlyExVatPence), icon: HandCoins },
  ];
  return (
    <section aria-labelledby="quote-figures-heading" className="grid gap-4" data-testid="quote-figures">
      <h2 id="quote-figures-heading" className="text-lg font-semibold text-slate-900">
        <Link to={QUOTES_ADMIN_PATH} className="inline-block py-0.5 hover:underline">
          Quotes
        </Link>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <StatCard key={tile.label} label={tile.label} value={tile.value} icon={tile.icon} testId="dashboard-quote-tile" />
        ))}
      </div>
      <p className="text-sm text-slate-600" data-testid="acceptance-rate-hint">
        {acceptanceRateHint(quotes.days)} Open quotes are those sent or viewed and not past their valid-until day.
      </p>
    </section>
  );
}
