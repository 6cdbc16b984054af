import type { MDXContent } from "mdx/types";
import type { GuideSlug, ResourceArticle } from "~/features/content";
import { ButtonLink } from "~/ui/button";
import { LegalPage } from "./legal-page";
import KeepingYourNumbers from "./guides/keeping-your-numbers-when-you-switch.mdx";
import MidContractPriceRises from "./guides/mid-contract-price-rises.mdx";
import ChoosingAPlan from "./guides/choosing-a-mobile-plan-for-your-team.mdx";

/** Each guide's text, by its slug (its card, title and description: RESOURCE_ARTICLES in app/features/content/resources.ts). */
const GUIDE_DOCUMENTS: Record<GuideSlug, MDXContent> = {
  "keeping-your-numbers-when-you-switch": KeepingYourNumbers,
  "mid-contract-price-rises": MidContractPriceRises,
  "choosing-a-mobile-plan-for-your-team": ChoosingAPlan,
};

/** Where every guide leads next: the comparison, and a quote from an expert. */
function GuideNextSteps() {
  return (
    <aside aria-labelledby="guide-next-steps" className="mt-12 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
      <h2 id="guide-next-steps" className="text-2xl font-bold tracking-tight text-slate-900">
        Ready to compare?
      </h2>
      <p className="mt-3 leading-7 text-slate-700">
        See every network&apos;s business deals side by side, priced for your team with each dated price rise shown, or tell us what you need and an expert will
        send you a quote.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/business-mobile#deals">Compare business mobile deals</ButtonLink>
        <ButtonLink to="/business-mobile#get-quote" variant="outline">
          Get a quote
        </ButtonLink>
      </div>
    </aside>
  );
}

/** A guide, laid out like the legal pages, ending with where to go next. */
export function GuidePage({ article }: { article: ResourceArticle }) {
  return (
    <LegalPage
      document={GUIDE_DOCUMENTS[article.slug]}
      attributes={{ title: article.title, description: article.description, lastUpdated: article.date }}
      eyebrow={`Guide · ${article.category}`}
      after={<GuideNextSteps />}
    />
  );
}
