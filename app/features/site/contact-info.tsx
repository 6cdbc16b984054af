import { Clock, Mail, MapPin, Phone } from "~/ui/icons";
import type { ReactNode } from "react";
import { phoneHref, useBrand } from "~/platform/brand";

function InfoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      <p className="min-w-0">
        <span className="block text-sm font-medium text-slate-600">{label}</span>
        <span className="mt-0.5 block font-medium break-words text-slate-900">{children}</span>
      </p>
    </li>
  );
}

/** The brand's registered office, one line per part of the address. */
export function OfficeAddress() {
  const brand = useBrand();
  return (
    <InfoCard id="office-title" title="Our office">
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <MapPin className="size-5" aria-hidden />
        </span>
        <address className="leading-7 text-slate-700 not-italic">
          <strong className="block text-slate-900">{brand.name}</strong>
          {brand.address.split(",").map((line) => (
            <span key={line} className="block">
              {line.trim()}
            </span>
          ))}
        </address>
      </div>
    </InfoCard>
  );
}

/** How to reach the team: phone, email and opening hours. */
export function ContactDetails() {
  const brand = useBrand();
  return (
    <InfoCard id="contact-details-title" title="Contact details">
      <ul className="grid gap-5">
        <InfoRow icon={<Phone className="size-5" aria-hidden />} label="Phone">
          <a href={phoneHref(brand.phone)} className="text-brand-700 underline-offset-4 hover:underline">
            {brand.phone}
          </a>
        </InfoRow>
        <InfoRow icon={<Mail className="size-5" aria-hidden />} label="Email">
          <a href={`mailto:${brand.email}`} className="text-brand-700 underline-offset-4 hover:underline">
            {brand.email}
          </a>
        </InfoRow>
        <InfoRow icon={<Clock className="size-5" aria-hidden />} label="Opening hours">
          Monday to Friday, 9am to 5:30pm
        </InfoRow>
      </ul>
    </InfoCard>
  );
}

/** The company's legal identity, as UK law asks a trading name to show. */
export function LegalLine() {
  const brand = useBrand();
  return (
    <p className="text-sm leading-6 text-slate-600">
      {brand.name} is a trading name of {brand.legalName}, registered in England and Wales (company number {brand.companyNumber}).
    </p>
  );
}
