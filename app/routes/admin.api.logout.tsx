import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { SignInCard } from "~/features/staff/sign-in-card";
import { SignOutForm } from "~/features/staff/sign-out-form";
import { getAdminUser, signOutResponse } from "~/features/staff/auth.server";
import { assertWriteAccepted } from "~/platform/write-guard.server";

export const meta: MetaFunction = () => [{ title: "Sign out | Administration Portal" }];

/**
 * `GET /admin/api/logout` (the spec links here) signs nobody out: a link or
 * an image on another site could send staff here. It shows a Sign out button,
 * a form that posts to this same address.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getAdminUser(request))) return redirect("/admin");
  return json(null, { headers: { "Cache-Control": "no-store" } });
}

/** `POST /admin/api/logout` from the site's own pages: the session row is deleted and the cookie cleared. */
export async function action({ request }: ActionFunctionArgs) {
  assertWriteAccepted(request);
  return signOutResponse(request);
}

export default function SignOut() {
  return (
    <div className="flex justify-center py-8">
      <SignInCard title="Sign out">
        <p className="text-center text-slate-600">Sign out of the admin portal on this device?</p>
        <SignOutForm variant="button" />
      </SignInCard>
    </div>
  );
}
