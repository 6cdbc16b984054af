import type { MetaFunction } from "@remix-run/node";
import TermsDocument, { attributes } from "~/features/site/legal/terms.mdx";
import { LegalPage } from "~/features/site/legal-page";
import { pageMeta } from "~/features/site/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/terms",
  });

/** The text lives in `app/features/site/legal/terms.mdx`. */
export default function TermsPage() {
  return <LegalPage document={TermsDocument} attributes={attributes} />;
}
