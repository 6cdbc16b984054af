import { Link } from "@remix-run/react";
import { Mail, MapPin, Phone } from "~/ui/icons";
import { phoneHref, type Brand } from "~/platform/brand";
import { FOOTER_HELP_LINKS, FOOTER_LINKS } from "~/features/content";
import { COOKIE_SETTINGS_PATH } from "~/platform/site-cookies";
import { BrandLogo } from "./brand-logo";

function FooterLinkList({ links }: { links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <ul className="grid gap-2 text-sm">
      {links.map((link) => (
        <li key={link.label}>
          <Link to={link.to} className="hover:text-white">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The site's footer; `year` is the copyright line's, the year the page was rendered. */
export function SiteFooter({ brand, year }: { brand: Brand; year: number }) {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-4">
          <BrandLogo name={brand.name} inverted />
          <p className="text-sm leading-6 text-slate-400">
            Independent comparison of business mobile, phone system, broadband and IT deals for UK small businesses.
          </p>
        </div>
        <nav aria-label="Company" className="grid content-start gap-3">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <FooterLinkList links={[...FOOTER_LINKS.slice(0, 3), ...FOOTER_HELP_LINKS]} />
        </nav>
        <nav aria-label="Legal" className="grid content-start gap-3">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <FooterLinkList links={[...FOOTER_LINKS.slice(3), { to: COOKIE_SETTINGS_PATH, label: "Cookie settings" }]} />
        </nav>
        <div className="grid content-start gap-3 text-sm">
          <h2 className="text-sm font-semibold text-white">Get in touch</h2>
          <p className="flex gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{brand.address}</span>
          </p>
          <p className="flex gap-2">
            <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
            <a href={phoneHref(brand.phone)} className="hover:text-white">
              {brand.phone}
            </a>
          </p>
          <p className="flex gap-2">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
            <a href={`mailto:${brand.email}`} className="hover:text-white">
              {brand.email}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs leading-5 text-slate-400 sm:px-6 lg:px-8">
          © {year} {brand.legalName}. {brand.name} is a trading name of {brand.legalName}, registered in England and Wales, company number {brand.companyNumber}
          . Registered office: {brand.address}.
        </p>
      </div>
    </footer>
  );
}
