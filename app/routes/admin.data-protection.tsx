import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { DATA_PROTECTION_TABS } from "~/features/staff/admin-navigation";
import { cn } from "~/lib/cn";
import { requireDataProtectionUser } from "~/features/staff/auth.server";

export const meta: MetaFunction = () => [{ title: "Data protection | Administration Portal" }];

/**
 * The Data protection screens (retention, a person's data, the request
 * register) under one heading. Each screen checks the permission again in its
 * own loader and action: a layout's loader does not guard its children's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  return json(null);
}

export default function DataProtection() {
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Data protection</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          What the privacy policy promises, done here: personal details are cleared when their retention period ends, and a person&apos;s requests to see, erase
          or stop the use of their data are found, answered and recorded.
        </p>
      </header>
      <nav aria-label="Data protection" className="flex flex-wrap gap-2 border-b border-slate-200">
        {DATA_PROTECTION_TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                "-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600",
                isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
