import { NavLink } from "@remix-run/react";
import {
  BadgePoundSterling,
  HandCoins,
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  MessagesSquare,
  Repeat,
  Settings,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Users,
} from "~/ui/icons";
import { ADMIN_NAV_LINKS } from "./admin-navigation";
import { useAdminUser } from "./admin-session";
import { cn } from "~/lib/cn";
import { SignOutForm } from "./sign-out-form";

const ICONS = {
  dashboard: LayoutDashboard,
  leads: Inbox,
  quotes: HandCoins,
  orders: Smartphone,
  renewals: Repeat,
  sources: TrendingUp,
  tariffs: BadgePoundSterling,
  enquiries: MessagesSquare,
  newsletter: Mail,
  users: Users,
  images: Image,
  testimonials: MessageSquareQuote,
  dataProtection: ShieldCheck,
  settings: Settings,
} as const;

/** The portal's navigation: every screen, the active one highlighted, and Logout (a button: signing out is a POST). */
export function AdminNavigation() {
  const { permissions } = useAdminUser();
  // A screen only some roles may use is not offered to the others (the server refuses them all the same).
  const links = ADMIN_NAV_LINKS.filter((link) => !("permission" in link) || permissions[link.permission]);
  return (
    <nav aria-label="Admin" className="grid gap-1">
      {links.map((link) => {
        const Icon = ICONS[link.icon];
        return (
          <NavLink
            key={link.to}
            to={link.to}
            prefetch="intent"
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                isActive ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white",
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {link.label}
          </NavLink>
        );
      })}
      <div className="mt-4">
        <SignOutForm variant="sidebar" label="Logout" />
      </div>
    </nav>
  );
}
