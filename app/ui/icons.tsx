import type { SVGProps } from "react";
import spriteHref from "./icons.svg";

/**
 * Every icon of the site and the staff portal. Each draws from one SVG sprite file (`icons.svg`,
 * made from lucide's shapes by `npm run icons`, cached by browsers like any asset and preloaded by
 * the root), so icons cost pages no JavaScript: as lucide-react components they were 3.4 KiB gzip
 * of every public page's script. Add an icon here, then run `npm run icons`.
 */
export const iconSpriteHref = spriteHref;

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/** An icon, for props that take one (a stat card's, a list's). */
export type IconComponent = (props: IconProps) => JSX.Element;

/** An icon drawn from the sprite: sized by its class (24 px otherwise), in the text's colour, hidden from screen readers unless given a name. */
function spriteIcon(name: string): IconComponent {
  function SpriteIcon(props: IconProps) {
    return (
      <svg width={24} height={24} fill="none" aria-hidden {...props}>
        <use href={`${spriteHref}#${name}`} />
      </svg>
    );
  }
  return SpriteIcon;
}

export const Activity = spriteIcon("activity");
export const AlarmClock = spriteIcon("alarm-clock");
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
export const Download = spriteIcon("download");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const HandCoins = spriteIcon("hand-coins");
export const Headset = spriteIcon("headset");
export const Image = spriteIcon("image");
export const ImageOff = spriteIcon("image-off");
export const Images = spriteIcon("images");
export const Inbox = spriteIcon("inbox");
export const KeyRound = spriteIcon("key-round");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const MessageSquareQuote = spriteIcon("message-square-quote");
export const MessagesSquare = spriteIcon("messages-square");
export const Network = spriteIcon("network");
export const Pencil = spriteIcon("pencil");
export const Percent = spriteIcon("percent");
export const Phone = spriteIcon("phone");
export const PhoneCall = spriteIcon("phone-call");
export const PiggyBank = spriteIcon("piggy-bank");
export const Plus = spriteIcon("plus");
export const Repeat = spriteIcon("repeat");
export const Reply = spriteIcon("reply");
export const Scale = spriteIcon("scale");
export const Search = spriteIcon("search");
export const Server = spriteIcon("server");
export const Settings = spriteIcon("settings");
export const ShieldCheck = spriteIcon("shield-check");
export const Signal = spriteIcon("signal");
export const Smartphone = spriteIcon("smartphone");
export const Sparkles = spriteIcon("sparkles");
export const Star = spriteIcon("star");
export const Timer = spriteIcon("timer");
export const Trash2 = spriteIcon("trash-2");
export const TrendingUp = spriteIcon("trending-up");
export const TriangleAlert = spriteIcon("triangle-alert");
export const Upload = spriteIcon("upload");
export const UserCheck = spriteIcon("user-check");
export const UserPlus = spriteIcon("user-plus");
export const UserX = spriteIcon("user-x");
export const Users = spriteIcon("users");
export const Wifi = spriteIcon("wifi");
export const X = spriteIcon("x");
