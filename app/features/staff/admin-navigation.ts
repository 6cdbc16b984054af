import type { Permission } from "./permissions";

/** The portal's sidebar, in the spec's order, with the quotes, the orders and their renewals, the Sources report, the tariff catalogue and the two other inboxes after Leads. */
export const ADMIN_NAV_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: "dashboard" },
  { to: "/admin/leads", label: "Leads", icon: "leads" },
  { to: "/admin/quotes", label: "Quotes", icon: "quotes" },
  { to: "/admin/orders", label: "Orders", icon: "orders" },
  { to: "/admin/renewals", label: "Renewals", icon: "renewals" },
  { to: "/admin/reports/sources", label: "Sources", icon: "sources" },
  { to: "/admin/tariffs", label: "Tariffs", icon: "tariffs" },
  { to: "/admin/enquiries", label: "Enquiries", icon: "enquiries" },
  { to: "/admin/newsletter", label: "Newsletter", icon: "newsletter" },
  { to: "/admin/users", label: "Users", icon: "users" },
  { to: "/admin/stock-images", label: "Stock Images", icon: "images" },
  { to: "/admin/testimonials", label: "Testimonials", icon: "testimonials" },
  { to: "/admin/data-protection", label: "Data protection", icon: "dataProtection", permission: "manageDataProtection" },
  { to: "/admin/settings", label: "Settings", icon: "settings" },
] as const satisfies ReadonlyArray<{ to: string; label: string; icon: string; permission?: Permission }>;

/** "Change your password", for every signed-in user with a local password (footer and dashboard header). */
export const CHANGE_PASSWORD_PATH = "/admin/account/password";

/** The Data protection screens (admins and super admins), as tabs under one heading. */
export const DATA_PROTECTION_TABS = [
  { to: "/admin/data-protection", label: "Retention", end: true },
  { to: "/admin/data-protection/people", label: "Find a person", end: false },
  { to: "/admin/data-protection/requests", label: "Requests", end: false },
] as const;
