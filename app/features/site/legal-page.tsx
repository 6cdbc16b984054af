import { Link } from "@remix-run/react";
import type { MDXComponents, MDXContent } from "mdx/types";
import { Children, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { phoneHref, useBrand } from "~/platform/brand";
import { CookieList } from "./cookie-list";
import { formatLongDay } from "~/lib/calendar";

/** What a legal document's front matter gives (`app/content/legal/*.mdx`). */
export interface LegalAttributes {
  title: string;
  /** The page's meta description. */
  description: string;
  /** ISO date (YYYY-MM-DD) the text last changed. */
  lastUpdated: string;
}

interface LegalSectionProps {
  /** The anchor the table of contents links to (kept stable: other sites may link to it). */
  id: string;
  title: string;
  children?: ReactNode;
}

// The documents mark their parts with these; the layout below places them. Their own render is never used.
function LegalSummary(_: { children?: ReactNode }) {
  return null;
}
function LegalIntroduction(_: { children?: ReactNode }) {
  return null;
}
function LegalSection(_: LegalSectionProps) {
  return null;
}

/** Typography for the prose, in the brand's colours. */
const PROSE = [
  "prose prose-slate max-w-none text-base leading-7",
  "prose-a:font-medium prose-a:text-brand-700 prose-a:underline-offset-2 hover:prose-a:text-brand-900",
  "prose-li:marker:text-brand-600 prose-strong:text-slate-900 prose-h3:text-lg",
  "prose-code:rounded prose-code:bg-slate-100 prose-code:px-1.5 prose-code:py-0.5 prose-code:font-normal prose-code:before:content-none prose-code:after:content-none",
].join(" ");

const INTRODUCTION_ID = "introduction";

const contentsLinkClasses = "flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-white hover:text-brand-700";

function TableOfContents({ sections, hasIntroduction }: { sections: LegalSectionProps[]; hasIntroduction: boolean }) {
  return (
    <nav
      aria-labelledby="on-this-page"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto"
    >
      <p id="on-this-page" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
        On this page
      </p>
      <ol className="mt-3 grid gap-1 text-sm">
        {hasIntroduction ? (
          <li>
            <a href={`#${INTRODUCTION_ID}`} className={contentsLinkClasses}>
              <span className="w-5 shrink-0" aria-hidden />
              <span>Introduction</span>
            </a>
          </li>
        ) : null}
        {sections.map((section, index) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={contentsLinkClasses}>
              <span className="w-5 shrink-0 text-right font-semibold text-brand-700">{index + 1}.</span> <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The parts a document marked, in its order. */
function partsOf(children: ReactNode) {
  const elements = Children.toArray(children).filter(isValidElement) as ReactElement[];
  const of = <P,>(type: (props: P) => unknown) => elements.filter((element) => element.type === type).map((element) => element.props as P);
  return { summary: of(LegalSummary)[0], introduction: of(LegalIntroduction)[0], sections: of(LegalSection) };
}

/**
 * The shared frame of the Terms, Privacy and Cookies pages and the guides: header, contents and
 * numbered sections, laid out from the parts the document marked, then what the page adds (`after`).
 */
function LegalLayout({
  title,
  lastUpdated,
  eyebrow,
  after,
  parts: { summary, introduction, sections },
}: LegalAttributes & { eyebrow: string; after?: ReactNode; parts: ReturnType<typeof partsOf> }) {
  return (
    <article>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{summary?.children}</div>
          <p className="mt-4 text-sm text-slate-600" data-testid="last-updated">
            Last updated: <time dateTime={lastUpdated}>{formatLongDay(lastUpdated)}</time>
          </p>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16">
        <div>
          <TableOfContents sections={sections} hasIntroduction={Boolean(introduction)} />
        </div>

        <div className="max-w-3xl">
          {introduction ? (
            <section id={INTRODUCTION_ID} aria-labelledby={`${INTRODUCTION_ID}-heading`} className="mb-10 border-b border-slate-200 pb-10">
              <h2 id={`${INTRODUCTION_ID}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
                Introduction
              </h2>
              <div className={`mt-4 ${PROSE}`}>{introduction.children}</div>
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
                  <span className="text-brand-700">{index + 1}.</span> <span>{section.title}</span>
                </h2>
                <div className={`mt-4 ${PROSE}`}>{section.children}</div>
              </section>
            ))}
          </div>
          {after}
        </div>
      </div>
    </article>
  );
}

/** The company's contact details, as every legal page gives them. */
function LegalContactDetails() {
  const brand = useBrand();
  return (
    <address className="not-prose rounded-xl border border-slate-200 bg-slate-50 p-5 leading-7 not-italic [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2">
      <strong className="font-semibold text-slate-900">{brand.legalName}</strong> (trading as {brand.name})
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

function BrandEmailLink() {
  const { email } = useBrand();
  return <a href={`mailto:${email}`}>{email}</a>;
}

function BrandPhoneLink() {
  const { phone } = useBrand();
  return <a href={phoneHref(phone)}>{phone}</a>;
}

/** Links within the site move by the router when scripts run; others are plain links. */
function DocumentLink({ href = "", children, ...props }: ComponentProps<"a">) {
  return href.startsWith("/") ? (
    <Link to={href} {...props}>
      {children}
    </Link>
  ) : (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

const LEGAL_COMPONENTS = {
  a: DocumentLink,
  LegalSummary,
  LegalIntroduction,
  LegalSection,
  LegalContactDetails,
  BrandEmailLink,
  BrandPhoneLink,
  CookieList,
} as MDXComponents;

/**
 * A legal document or a guide written in Markdown (`app/features/site/legal`, `app/features/site/guides`), with the brand's details filled in,
 * and any `values` its route gives (the privacy policy's retention periods): `{props.name}` in the text.
 */
export function LegalPage({
  document,
  attributes,
  values = {},
  eyebrow = "Legal",
  after,
}: {
  document: MDXContent;
  attributes: LegalAttributes;
  values?: Record<string, unknown>;
  /** The word above the title. */
  eyebrow?: string;
  /** Shown after the last section (a guide's next steps). */
  after?: ReactNode;
}) {
  const brand = useBrand();
  // A compiled document is a plain function of its props (no hooks), giving one fragment of its parts.
  const content = document({ ...values, brand, components: LEGAL_COMPONENTS }) as ReactElement<{ children?: ReactNode }>;
  return <LegalLayout {...attributes} eyebrow={eyebrow} after={after} parts={partsOf(content.props.children)} />;
}
