import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireAdminPageUser } from "~/features/staff/auth.server";

/** Any other admin path. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  return json(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="grid justify-items-start gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="text-slate-600">There is no admin screen at this address.</p>
      <Link to="/admin/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
        Go to the dashboard
      </Link>
    </div>
  );
}
