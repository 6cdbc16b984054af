/**
 * The icons of the public site and the shared ui, each imported from its own
 * file. Through the "lucide-react" index, every icon the app used anywhere
 * (the staff portal's too) was bundled into one chunk that every page
 * downloaded; staff-only screens still import from the index.
 */
export { default as ArrowRight } from "lucide-react/dist/esm/icons/arrow-right.js";
export { default as Award } from "lucide-react/dist/esm/icons/award.js";
export { default as BadgeCheck } from "lucide-react/dist/esm/icons/badge-check.js";
export { default as BadgePercent } from "lucide-react/dist/esm/icons/badge-percent.js";
export { default as BadgePoundSterling } from "lucide-react/dist/esm/icons/badge-pound-sterling.js";
export { default as Building2 } from "lucide-react/dist/esm/icons/building-2.js";
export { default as CalendarDays } from "lucide-react/dist/esm/icons/calendar-days.js";
export { default as CalendarRange } from "lucide-react/dist/esm/icons/calendar-range.js";
export { default as CheckCircle2 } from "lucide-react/dist/esm/icons/circle-check.js";
export { default as ChevronLeft } from "lucide-react/dist/esm/icons/chevron-left.js";
export { default as ChevronRight } from "lucide-react/dist/esm/icons/chevron-right.js";
export { default as CircleCheck } from "lucide-react/dist/esm/icons/circle-check.js";
export { default as Clock } from "lucide-react/dist/esm/icons/clock.js";
export { default as Compass } from "lucide-react/dist/esm/icons/compass.js";
export { default as Cookie } from "lucide-react/dist/esm/icons/cookie.js";
export { default as HandCoins } from "lucide-react/dist/esm/icons/hand-coins.js";
export { default as Headset } from "lucide-react/dist/esm/icons/headset.js";
export { default as Mail } from "lucide-react/dist/esm/icons/mail.js";
export { default as MapPin } from "lucide-react/dist/esm/icons/map-pin.js";
export { default as Menu } from "lucide-react/dist/esm/icons/menu.js";
export { default as Network } from "lucide-react/dist/esm/icons/network.js";
export { default as Phone } from "lucide-react/dist/esm/icons/phone.js";
export { default as PhoneCall } from "lucide-react/dist/esm/icons/phone-call.js";
export { default as PiggyBank } from "lucide-react/dist/esm/icons/piggy-bank.js";
export { default as Repeat } from "lucide-react/dist/esm/icons/repeat.js";
export { default as Scale } from "lucide-react/dist/esm/icons/scale.js";
export { default as Server } from "lucide-react/dist/esm/icons/server.js";
export { default as ShieldCheck } from "lucide-react/dist/esm/icons/shield-check.js";
export { default as Signal } from "lucide-react/dist/esm/icons/signal.js";
export { default as Smartphone } from "lucide-react/dist/esm/icons/smartphone.js";
export { default as Sparkles } from "lucide-react/dist/esm/icons/sparkles.js";
export { default as Star } from "lucide-react/dist/esm/icons/star.js";
export { default as TrendingUp } from "lucide-react/dist/esm/icons/trending-up.js";
export { default as Wifi } from "lucide-react/dist/esm/icons/wifi.js";
export { default as X } from "lucide-react/dist/esm/icons/x.js";
