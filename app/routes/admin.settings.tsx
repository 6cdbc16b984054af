import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireAdminPageUser } from "~/features/staff/auth.server";

export const meta: MetaFunction = () => [{ title: "Settings | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "admin-panel" });
  return json(null);
}

/** The spec's placeholder screen. */
export default function AdminSettings() {
  return <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>;
}
