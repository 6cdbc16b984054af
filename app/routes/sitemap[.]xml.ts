import { guidePath, RESOURCE_ARTICLES } from "~/features/content/resources";
import { PUBLIC_PAGES } from "~/features/content/site-navigation";
import { siteOrigin } from "~/platform/brand.server";

export function loader() {
  const urls = [...PUBLIC_PAGES, ...RESOURCE_ARTICLES.map((article) => guidePath(article.slug))]
    .map((page) => `  <url><loc>${siteOrigin}${page}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
