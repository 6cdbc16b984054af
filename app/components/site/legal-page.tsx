import type { ReactNode } from "react";
import { phoneHref, useBrand } from "~/lib/brand";

/** One numbered section of a legal page; its number comes from its place in the list. */
export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** One or two sentences under the heading. */
  summary: ReactNode;
  /** ISO date (YYYY-MM-DD) the text last changed. */
  lastUpdated: string;
  /** Unnumbered text before section 1 (the Privacy Policy's introduction). */
  introduction?: ReactNode;
  sections: LegalSection[];
  /** Show the "On this page" list of links to each section. */
  contents?: boolean;
}

/**
 * Readable long-form text without a typography plugin: spacing between blocks,
 * lists with markers, underlined links and emphasised terms.
 */
const PROSE = [
  "text-base leading-7 text-slate-700",
  "[&>*+*]:mt-4",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li]:marker:text-brand-600",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:whitespace-nowrap [&_code]:text-slate-900",
].join(" ");

const INTRODUCTION_ID = "introduction";

function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

function TableOfContents({ sections, hasIntroduction }: { sections: LegalSection[]; hasIntroduction: boolean }) {
  return (
    <nav
      aria-labelledby="on-this-page"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto"
    >
      <p id="on-this-page" className="text-sm font-semibold uppercase tracking-wide text-slate-900">
        On this page
      </p>
      <ol className="mt-3 grid gap-1 text-sm">
        {hasIntroduction ? (
          <li>
            <a
              href={`#${INTRODUCTION_ID}`}
              className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-white hover:text-brand-700"
            >
              <span className="w-5 shrink-0" aria-hidden />
              <span>Introduction</span>
            </a>
          </li>
        ) : null}
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-white hover:text-brand-700"
            >
              <span className="w-5 shrink-0 text-right font-semibold text-brand-700">{index + 1}.</span>{" "}
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The shared frame of the Terms, Privacy and Cookies pages: header, contents and numbered sections. */
export function LegalPage({ title, summary, lastUpdated, introduction, sections, contents = true }: LegalPageProps) {
  return (
    <article>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{summary}</div>
          <p className="mt-4 text-sm text-slate-600" data-testid="last-updated">
            Last updated: <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
          </p>
        </div>
      </header>

      <div
        className={
          contents
            ? "mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16"
            : "mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16"
        }
      >
        {contents ? (
          <div>
            <TableOfContents sections={sections} hasIntroduction={Boolean(introduction)} />
          </div>
        ) : null}

        <div className="max-w-3xl">
          {introduction ? (
            <section id={INTRODUCTION_ID} aria-labelledby={`${INTRODUCTION_ID}-heading`} className="mb-10 border-b border-slate-200 pb-10">
              <h2 id={`${INTRODUCTION_ID}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
                Introduction
              </h2>
              <div className={`mt-4 ${PROSE}`}>{introduction}</div>
            </section>
          ) : null}

          <div className="grid gap-10">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                data-section-number={index + 1}
                className="border-t border-slate-200 pt-10 first:border-t-0 first:pt-0"
              >
                <h2 id={`${section.id}-heading`} className="flex gap-3 text-2xl font-bold tracking-tight text-slate-900">
                  <span className="text-brand-700">{index + 1}.</span>{" "}
                  <span>{section.title}</span>
                </h2>
                <div className={`mt-4 ${PROSE}`}>{section.body}</div>
              </section>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}

/** The company's contact details, as every legal page gives them. */
export function LegalContactDetails() {
  const brand = useBrand();
  return (
    <address className="rounded-xl border border-slate-200 bg-slate-50 p-5 not-italic leading-7">
      <strong>{brand.legalName}</strong> (trading as {brand.name})
      <br />
      {brand.address}
      <br />
      Email: <a href={`mailto:${brand.email}`}>{brand.email}</a>
      <br />
      Phone: <a href={phoneHref(brand.phone)}>{brand.phone}</a>
      <br />
      Registered in England and Wales, company number {brand.companyNumber}
    </address>
  );
}
