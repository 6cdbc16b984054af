import { Link } from "@remix-run/react";
import { KeyRound, Pencil, UserCheck, UserX } from "~/ui/icons";
import { Avatar } from "~/ui/avatar";
import { Badge } from "~/ui/badge";
import { buttonClasses } from "~/ui/button";
import { fullName, initials, type AdminUser } from "./admin-users";
import { ActiveBadge, RoleBadge } from "./admin-user-badges";
import { formatDate } from "~/lib/calendar";

interface AdminUserListProps {
  users: AdminUser[];
  currentUserId: string;
  /** Whether the viewer may change roles and (de)activate people. */
  canManage: boolean;
  /** Whether staff sign in with passwords here, so a super admin may reset one. */
  canResetPasswords?: boolean;
}

/** The Users screen's list: one row per admin user, with the controls a super admin may use on others. */
export function AdminUserList({ users, currentUserId, canManage, canResetPasswords = false }: AdminUserListProps) {
  return (
    <ul className="divide-y divide-slate-200" data-testid="admin-user-list">
      {users.map((user) => (
        <AdminUserRow key={user.id} user={user} isYou={user.id === currentUserId} canManage={canManage} canResetPassword={canResetPasswords} />
      ))}
    </ul>
  );
}

function AdminUserRow({ user, isYou, canManage, canResetPassword }: { user: AdminUser; isYou: boolean; canManage: boolean; canResetPassword: boolean }) {
  const name = fullName(user) || user.email;
  // Nobody changes their own role or deactivates themselves (SPEC section 6).
  const showControls = canManage && !isYou;
  return (
    <li className="flex flex-col gap-4 px-5 py-4 md:flex-row md:items-center" data-testid="admin-user-row" data-user-id={user.id}>
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span aria-hidden="true">
          <Avatar imageUrl={user.profileImageUrl} initials={initials(user)} label={name} />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{name}</span>
            {isYou ? <Badge tone="brand">You</Badge> : null}
          </p>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{user.email}</p>
          <p className="text-sm text-slate-600">
            Joined <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-14 md:w-48 md:pl-0">
        <ActiveBadge isActive={user.isActive} />
        <RoleBadge role={user.role} />
      </div>
      {showControls ? (
        <div className="flex flex-wrap items-center gap-2 pl-14 md:w-[17.5rem] md:justify-end md:pl-0">
          <Link to={`/admin/users/${encodeURIComponent(user.id)}/role`} preventScrollReset className={buttonClasses("outline", "sm")}>
            <Pencil className="size-4" aria-hidden />
            Edit role<span className="sr-only"> for {name}</span>
          </Link>
          {user.isActive ? (
            <Link
              to={`/admin/users/${encodeURIComponent(user.id)}/deactivate`}
              preventScrollReset
              className={buttonClasses("outline", "sm", "text-red-700 hover:bg-red-50")}
            >
              <UserX className="size-4" aria-hidden />
              Deactivate<span className="sr-only"> {name}</span>
            </Link>
          ) : (
            <Link to={`/admin/users/${encodeURIComponent(user.id)}/reactivate`} preventScrollReset className={buttonClasses("outline", "sm")}>
              <UserCheck className="size-4" aria-hidden />
              Reactivate<span className="sr-only"> {name}</span>
            </Link>
          )}
          {canResetPassword ? (
            <Link to={`/admin/users/${encodeURIComponent(user.id)}/reset-password`} preventScrollReset className={buttonClasses("outline", "sm")}>
              <KeyRound className="size-4" aria-hidden />
              Reset password<span className="sr-only"> for {name}</span>
            </Link>
          ) : null}
        </div>
      ) : canManage ? (
        // Keeps the columns lined up on the viewer's own row.
        <div className="hidden md:block md:w-[17.5rem]" />
      ) : null}
    </li>
  );
}
