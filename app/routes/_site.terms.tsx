import type { MetaFunction } from "@remix-run/node";
import TermsDocument, { attributes } from "~/content/legal/terms.mdx";
import { LegalPage } from "~/components/site/legal-page";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/terms",
  });

/** The text lives in `app/content/legal/terms.mdx`. */
export default function TermsPage() {
  return <LegalPage document={TermsDocument} attributes={attributes} />;
}
