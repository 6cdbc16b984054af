/** The portal's sidebar, in the spec's order, with the quotes, the tariff catalogue and the two other inboxes after Leads. */
export const ADMIN_NAV_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: "dashboard" },
  { to: "/admin/leads", label: "Leads", icon: "leads" },
  { to: "/admin/quotes", label: "Quotes", icon: "quotes" },
  { to: "/admin/tariffs", label: "Tariffs", icon: "tariffs" },
  { to: "/admin/enquiries", label: "Enquiries", icon: "enquiries" },
  { to: "/admin/newsletter", label: "Newsletter", icon: "newsletter" },
  { to: "/admin/users", label: "Users", icon: "users" },
  { to: "/admin/stock-images", label: "Stock Images", icon: "images" },
  { to: "/admin/testimonials", label: "Testimonials", icon: "testimonials" },
  { to: "/admin/data-protection", label: "Data protection", icon: "dataProtection" },
  { to: "/admin/settings", label: "Settings", icon: "settings" },
] as const;

/** "Change your password", for every signed-in user with a local password (footer and dashboard header). */
export const CHANGE_PASSWORD_PATH = "/admin/account/password";
