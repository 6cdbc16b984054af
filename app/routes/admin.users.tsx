import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ShieldCheck, UserCheck, UserPlus, Users, UserX } from "~/ui/icons";
import { AdminUserList } from "~/features/staff/admin-user-list";
import { StatCard } from "~/ui/stat-card";
import { ButtonLink } from "~/ui/button";
import { useAdminUser } from "~/features/staff/admin-session";
import { listAdminUsers } from "~/features/staff/admin-users.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { localSignInEnabled } from "~/platform/env.server";
import { NewUserInvitePanel } from "~/features/staff/new-user-invite-panel";
import { takeNoticeForThisSession } from "~/features/staff/admin-user-dialogs.server";
import { formatCount } from "~/lib/money";

export const meta: MetaFunction = () => [{ title: "Users | Administration Portal" }];

/** Every role may look; the dialog routes below check `manageUsers`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "user-management" });
  const users = await listAdminUsers();
  const invite = await takeNoticeForThisSession(request);
  return json({ users, invite, localSignIn: localSignInEnabled }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminUsers() {
  const { users, invite, localSignIn } = useLoaderData<typeof loader>();
  const { user: currentUser, permissions } = useAdminUser();
  const summary = [
    { label: "Total Users", value: users.length, icon: Users },
    { label: "Active Users", value: users.filter((user) => user.isActive).length, icon: UserCheck },
    { label: "Super Admins", value: users.filter((user) => user.role === "super_admin").length, icon: ShieldCheck },
    { label: "Inactive Users", value: users.filter((user) => !user.isActive).length, icon: UserX },
  ];

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">User Management</h1>
          <p className="mt-1 text-slate-600">Manage admin users, roles and access permissions.</p>
        </div>
        {permissions.manageUsers ? (
          <ButtonLink to="/admin/users/new" preventScrollReset>
            <UserPlus className="size-4" aria-hidden />
            Add Admin User
          </ButtonLink>
        ) : null}
      </div>

      {invite ? <NewUserInvitePanel invite={invite} /> : null}

      <section aria-label="User summary" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {summary.map((card) => (
          <StatCard key={card.label} label={card.label} value={formatCount(card.value)} icon={card.icon} testId="user-summary-card" />
        ))}
      </section>

      <section aria-labelledby="admin-users-heading" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id="admin-users-heading" className="text-lg font-semibold text-slate-900">
            Admin Users
          </h2>
          {!permissions.manageUsers ? <p className="mt-1 text-sm text-slate-600">Only super admins can add people or change roles and access.</p> : null}
        </div>
        {users.length === 0 ? (
          <div className="grid justify-items-center gap-2 px-5 py-12 text-center">
            <Users className="size-10 text-slate-400" aria-hidden />
            <p className="font-semibold text-slate-900">No users found</p>
            <p className="text-sm text-slate-600">Get started by creating your first admin user.</p>
          </div>
        ) : (
          <AdminUserList users={users} currentUserId={currentUser.id} canManage={permissions.manageUsers} canResetPasswords={localSignIn} />
        )}
      </section>

      <Outlet />
    </div>
  );
}
