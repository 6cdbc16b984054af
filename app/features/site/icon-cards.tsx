import type { ReactNode } from "react";
import type { IconComponent } from "~/ui/icons";
import { cn } from "~/lib/cn";

/** A point the site makes with an icon: a benefit, a promise, a service, a step. */
export interface IconPoint {
  icon: IconComponent;
  title: string;
  text: string;
}

/** The square (or round) badge an icon stands in: strong on cards, soft where it sits on white. */
const ICON_TONES = {
  brand: "rounded-xl bg-brand-600 text-white",
  accent: "rounded-xl bg-accent-400 text-slate-950",
  soft: "rounded-xl bg-brand-50 text-brand-700",
  round: "shrink-0 rounded-full bg-brand-50 text-brand-700",
} as const;

export function IconBadge({ icon: Icon, tone }: { icon: IconComponent; tone: keyof typeof ICON_TONES }) {
  return (
    <span className={cn("flex size-12 items-center justify-center", ICON_TONES[tone])}>
      <Icon className="size-6" aria-hidden />
    </span>
  );
}

const CARD_TONES = {
  light: {
    card: "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200",
    icon: "brand",
    title: "mt-5 text-lg font-semibold text-slate-900",
    text: "mt-2 flex-1 leading-7 text-slate-600",
  },
  dark: {
    card: "rounded-2xl bg-white/5 p-6 ring-1 ring-white/10 sm:p-8",
    icon: "accent",
    title: "mt-5 text-xl font-semibold text-white",
    text: "mt-3 flex-1 leading-7 text-brand-100",
  },
} as const;

/**
 * A list of cards, each an icon, a title and a line or two: the site's benefits, promises and
 * services. `more` adds what follows a card's text (a service's Enquire link).
 */
export function IconCardList({
  points,
  className,
  tone = "light",
  more,
}: {
  points: readonly IconPoint[];
  className: string;
  tone?: keyof typeof CARD_TONES;
  more?: (point: IconPoint) => ReactNode;
}) {
  const styles = CARD_TONES[tone];
  return (
    <ul className={className}>
      {points.map((point) => (
        <li key={point.title} className={cn("flex flex-col", styles.card)}>
          <IconBadge icon={point.icon} tone={styles.icon} />
          <h3 className={styles.title}>{point.title}</h3>
          <p className={styles.text}>{point.text}</p>
          {more?.(point)}
        </li>
      ))}
    </ul>
  );
}
