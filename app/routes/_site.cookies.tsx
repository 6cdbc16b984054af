import type { MetaFunction } from "@remix-run/node";
import CookiesDocument, { attributes } from "~/content/legal/cookies.mdx";
import { LegalPage } from "~/components/site/legal-page";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/cookies",
  });

/** The text lives in `app/content/legal/cookies.mdx`. */
export default function CookiesPage() {
  return <LegalPage document={CookiesDocument} attributes={attributes} />;
}
