import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { guideOf, guidePath } from "~/features/content/resources";
import { GuidePage } from "~/features/site/guide-page";
import { pageMeta } from "~/features/site/seo";

/** One of the home page's guides; any other slug is the site's 404. */
export function loader({ params }: LoaderFunctionArgs) {
  const article = guideOf(params.slug);
  if (!article) throw new Response(null, { status: 404 });
  // Its address from the server, so the page's scripts carry no list of guides.
  return json({ article, path: guidePath(article.slug) });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  data ? pageMeta(matches, { title: data.article.title, description: data.article.description, path: data.path }) : [];

export default function GuideRoute() {
  const { article } = useLoaderData<typeof loader>();
  return <GuidePage article={article} />;
}
