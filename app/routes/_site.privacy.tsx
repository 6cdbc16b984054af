import type { MetaFunction } from "@remix-run/node";
import PrivacyDocument, { attributes } from "~/content/legal/privacy.mdx";
import { LegalPage } from "~/components/site/legal-page";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/privacy",
  });

/** The text lives in `app/content/legal/privacy.mdx`. */
export default function PrivacyPage() {
  return <LegalPage document={PrivacyDocument} attributes={attributes} />;
}
