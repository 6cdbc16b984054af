import { KeyRound } from "~/ui/icons";
import type { NewUserInvite } from "./admin-users";
import { TEMPORARY_PASSWORD_DAYS } from "./sign-in";
import { formatDateTime } from "~/lib/calendar";
import { countOf } from "~/lib/plural";

/** A temporary password (new user or reset), shown once to the super admin who made it. */
export function NewUserInvitePanel({ invite }: { invite: NewUserInvite }) {
  const expiry = invite.expiresAt ? formatDateTime(invite.expiresAt) : `${countOf(TEMPORARY_PASSWORD_DAYS, "day")} from now`;
  return (
    <section aria-labelledby="new-user-invite-heading" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="new-user-invite">
      <h2 id="new-user-invite-heading" className="flex items-center gap-2 font-semibold text-emerald-900">
        <KeyRound className="size-5" aria-hidden />{" "}
        {invite.reason === "reset" ? `New temporary password for ${invite.name}` : `Sign-in details for ${invite.name}`}
      </h2>
      <p className="mt-1 text-sm text-emerald-900">
        Pass these on securely. They are shown only this once; {invite.name} signs in at /admin with them and must then choose their own password. The temporary
        password stops working on {expiry}.
      </p>
      <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-1 text-sm">
        <dt className="text-emerald-900">Email</dt>
        <dd className="font-mono text-slate-900">{invite.email}</dd>
        <dt className="text-emerald-900">Temporary password</dt>
        <dd className="font-mono text-slate-900" data-testid="temporary-password">
          {invite.temporaryPassword}
        </dd>
      </dl>
    </section>
  );
}
