import type { SVGProps } from "react";
import spriteHref from "./icons.svg";

/**
 * The icons of the public site and the shared ui. Each draws from one SVG sprite file
 * (`icons.svg`, made from lucide's shapes by `npm run icons`, cached by browsers like any asset and
 * preloaded by the root), so they cost the page no JavaScript: as lucide-react components, the
 * icons were 4 KiB gzip of every public page's script. Staff-only screens import lucide-react.
 */
export const iconSpriteHref = spriteHref;

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** An icon drawn from the sprite: sized by its class (24 px otherwise), in the text's colour, hidden from screen readers unless given a name. */
function spriteIcon(name: string) {
  function SpriteIcon(props: IconProps) {
    return (
      <svg width={24} height={24} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden {...props}>
        <use href={`${spriteHref}#${name}`} />
      </svg>
    );
  }
  return SpriteIcon;
}

export const ArrowRight = spriteIcon("arrow-right");
export const Award = spriteIcon("award");
export const BadgeCheck = spriteIcon("badge-check");
export const BadgePercent = spriteIcon("badge-percent");
export const BadgePoundSterling = spriteIcon("badge-pound-sterling");
export const Building2 = spriteIcon("building-2");
export const CalendarDays = spriteIcon("calendar-days");
export const CalendarRange = spriteIcon("calendar-range");
export const CheckCircle2 = spriteIcon("circle-check");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleCheck = spriteIcon("circle-check");
export const Clock = spriteIcon("clock");
export const Compass = spriteIcon("compass");
export const Cookie = spriteIcon("cookie");
export const HandCoins = spriteIcon("hand-coins");
export const Headset = spriteIcon("headset");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const Network = spriteIcon("network");
export const Phone = spriteIcon("phone");
export const PhoneCall = spriteIcon("phone-call");
export const PiggyBank = spriteIcon("piggy-bank");
export const Repeat = spriteIcon("repeat");
export const Scale = spriteIcon("scale");
export const Server = spriteIcon("server");
export const ShieldCheck = spriteIcon("shield-check");
export const Signal = spriteIcon("signal");
export const Smartphone = spriteIcon("smartphone");
export const Sparkles = spriteIcon("sparkles");
export const Star = spriteIcon("star");
export const TrendingUp = spriteIcon("trending-up");
export const Wifi = spriteIcon("wifi");
export const X = spriteIcon("x");
