import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { SignInCard } from "~/features/staff/sign-in-card";
import { buttonClasses } from "~/ui/button";
import { getAdminUser } from "~/features/staff/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminUser(request)) return redirect("/admin/dashboard");
  return json(null);
}

/** The sign-in screen (SPEC section 2). */
export default function AdminSignIn() {
  return (
    <SignInCard title="Administration Portal">
      <p className="text-center text-slate-600">Only authorised administrators may access this portal. Sign in with your work account to continue.</p>
      {/* A plain link: sign-in leaves the app for the provider and comes back. */}
      <a href="/admin/api/login" className={buttonClasses("primary", "lg", "w-full")}>
        Sign in
      </a>
      <p className="text-center text-sm text-slate-600">
        <a href="/" className="font-medium text-brand-700 underline underline-offset-2">
          Back to the website
        </a>
      </p>
    </SignInCard>
  );
}
