import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import PrivacyDocument, { attributes } from "~/features/site/legal/privacy.mdx";
import { LegalPage } from "~/features/site/legal-page";
import { privacyRetentionFigures } from "~/features/privacy/retention-screen";
import { pageMeta } from "~/features/site/seo";
import { retentionSettings } from "~/features/privacy/retention.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: attributes.title,
    description: attributes.description,
    path: "/privacy",
  });

/** The retention periods the policy states come from the settings the retention job applies (the same for every visitor: the page stays cached). */
export function loader() {
  return json({ retention: privacyRetentionFigures(retentionSettings()) });
}

/** The text lives in `app/features/site/legal/privacy.mdx`. */
export default function PrivacyPage() {
  const { retention } = useLoaderData<typeof loader>();
  return <LegalPage document={PrivacyDocument} attributes={attributes} values={{ retention }} />;
}
