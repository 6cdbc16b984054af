import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ButtonLink } from "~/ui/button";

/** Any path no other route claims: a 404 inside the site's own frame. */
export function loader() {
  return json(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-24 text-center sm:py-32">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">404 Page Not Found</h1>
      <p className="text-lg text-slate-600">Sorry, we couldn&apos;t find that page. It may have moved, or the link may be mistyped.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/contact" variant="outline">
          Contact us
        </ButtonLink>
      </div>
    </section>
  );
}
