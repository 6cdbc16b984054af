/** The public site's links, in the order the header and footer show them. */
export const HEADER_LINKS = [
  { to: "/about", label: "About" },
  { to: "/business-mobile", label: "Business Mobiles" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/contact", label: "Contact" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookies Policy" },
] as const;

/** The spec's two placeholder footer links, pointed somewhere useful. */
export const FOOTER_HELP_LINKS = [
  { to: "/#how-it-works", label: "How does it work?" },
  { to: "/contact", label: "Support" },
] as const;

/** Every public page but the guides (RESOURCE_ARTICLES, resources.ts), for the sitemap. */
export const PUBLIC_PAGES = ["/", "/business-mobile", "/testimonials", "/about", "/contact", "/terms", "/privacy", "/cookies"] as const;
