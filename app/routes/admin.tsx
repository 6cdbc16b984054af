import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin/admin-shell";
import { can, PERMISSIONS, type Permission } from "~/lib/permissions";
import { getAdminUser } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Administration Portal" }];

/** Every admin page sits in here: the portal when signed in, a plain frame for the sign-in screens otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getAdminUser(request);
  const permissions = user
    ? (Object.fromEntries(Object.keys(PERMISSIONS).map((permission) => [permission, can(user.role, permission as Permission)])) as Record<Permission, boolean>)
    : null;
  return json({ user, permissions }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  if (user) {
    return (
      <AdminShell>
        <Outlet />
      </AdminShell>
    );
  }
  return (
    <main id="admin-main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <Outlet />
    </main>
  );
}
