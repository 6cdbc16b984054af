import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminShell } from "~/features/staff/admin-shell";
import { useOptionalAdminUser } from "~/features/staff/admin-session";
import { RequestReference } from "~/lib/request-id";
import { can, PERMISSIONS, type Permission } from "~/features/staff/permissions";
import { getAdminUser } from "~/features/staff/auth.server";
import { ADMIN_ERROR_TEXT } from "~/features/staff/staff-messages";

export const meta: MetaFunction = () => [{ title: "Administration Portal" }];

/** Every admin page sits in here: the portal when signed in, a plain frame for the sign-in screens otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getAdminUser(request);
  const permissions = user
    ? (Object.fromEntries(Object.keys(PERMISSIONS).map((permission) => [permission, can(user.role, permission as Permission)])) as Record<Permission, boolean>)
    : null;
  return json({ user, permissions }, { headers: { "Cache-Control": "no-store" } });
}

/** The portal around a signed-in user's screen; a plain frame around the sign-in screens. */
function AdminFrame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  if (signedIn) return <AdminShell>{children}</AdminShell>;
  return (
    <main id="admin-main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      {children}
    </main>
  );
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AdminFrame signedIn={Boolean(user)}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A screen or dialog that failed (or a record that is gone) shows its message
 * inside the portal, so staff keep the sidebar and can carry on working.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const user = useOptionalAdminUser();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminFrame signedIn={Boolean(user)}>
      <div role="alert" className="grid justify-items-start gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{notFound ? ADMIN_ERROR_TEXT.notFoundTitle : ADMIN_ERROR_TEXT.faultTitle}</h1>
        <p className="text-slate-600">{notFound ? ADMIN_ERROR_TEXT.notFound : ADMIN_ERROR_TEXT.fault}</p>
        {notFound ? null : <RequestReference />}
        <Link to="/admin/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
          {ADMIN_ERROR_TEXT.dashboardLink}
        </Link>
      </div>
    </AdminFrame>
  );
}
