import { Link } from "@remix-run/react";
import { CalendarDays, Clock } from "~/ui/icons";
import { guidePath, RESOURCE_ARTICLES } from "./resources";
import type { PublicStockImage } from "./stock-images";
import { Section } from "~/ui/section";
import { SectionHeading } from "~/ui/section-heading";
import { StockImage, THIRD_COLUMN_SIZES } from "./stock-image";
import { formatLongDay } from "~/lib/calendar";

/**
 * Three guide cards; each shows the matching image of the "resources" location and opens its guide. The title is the one link, stretched over the whole
 * card, so a click anywhere on it opens the guide and assistive technology hears one link named by the title.
 */
export function ResourceCards({ images }: { images: PublicStockImage[] }) {
  return (
    <Section labelledBy="resources-title" tone="muted">
      <SectionHeading
        id="resources-title"
        eyebrow="Resources"
        title="Guides for smarter business connectivity"
        description="Practical advice from our experts to help you make confident decisions about your mobiles, phones and broadband."
      />
      <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {RESOURCE_ARTICLES.map((article) => (
          <li key={article.title}>
            <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
              <StockImage
                image={images[article.imageIndex] ?? null}
                alt={images[article.imageIndex]?.description ?? ""}
                placeholderLabel={`Illustration for ${article.title}`}
                className="aspect-[16/9] w-full"
                sizes={THIRD_COLUMN_SIZES}
              />
              <div className="flex flex-1 flex-col p-6">
                <p>
                  <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">{article.category}</span>
                </p>
                <h3 className="mt-4 text-xl leading-7 font-semibold text-slate-900">
                  <Link
                    to={guidePath(article.slug)}
                    className="underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:text-brand-700 hover:underline focus-visible:underline"
                  >
                    {article.title}
                  </Link>
                </h3>
                <p className="mt-3 flex-1 leading-7 text-slate-600">{article.description}</p>
                <p className="mt-4 font-semibold text-brand-700" aria-hidden>
                  Read the guide <span>&rarr;</span>
                </p>
                <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-200 pt-4 text-sm text-slate-600">
                  <span className="flex items-center gap-1.5">
                    <CalendarDays className="size-4" aria-hidden />
                    <time dateTime={article.date}>{formatLongDay(article.date)}</time>
                  </span>
                  <span className="flex items-center gap-1.5">
                    <Clock className="size-4" aria-hidden />
                    {article.readTime}
                  </span>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}
