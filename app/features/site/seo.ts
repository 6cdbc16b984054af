import type { MetaDescriptor } from "@remix-run/react";
import type { RootData } from "~/platform/brand";

interface PageSeo {
  title: string;
  description: string;
  /** The page's path, for the canonical link and og:url. */
  path: string;
}

interface MatchWithData {
  id: string;
  data?: unknown;
}

/** Title, description, canonical link and Open Graph tags for a public page. */
export function pageMeta(matches: MatchWithData[], page: PageSeo): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  const brandName = root?.brand.name ?? "";
  const title = page.title.includes(brandName) ? page.title : `${page.title} | ${brandName}`;
  const url = `${root?.origin ?? ""}${page.path}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${root?.origin ?? ""}/og-image.png` },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
