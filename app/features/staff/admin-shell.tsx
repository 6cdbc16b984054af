import { Link, useNavigation } from "@remix-run/react";
import { Menu } from "~/ui/icons";
import type { ReactNode } from "react";
import { useBrand } from "~/platform/brand";
import { cn } from "~/lib/cn";
import { CHANGE_PASSWORD_PATH } from "./admin-navigation";
import { AdminNavigation } from "./admin-sidebar";
import { SignOutForm } from "./sign-out-form";

function PendingBar() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!pending}
      data-testid="admin-pending"
      className={cn("fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent-400 transition-transform duration-500", pending ? "scale-x-75" : "scale-x-0")}
    />
  );
}

/** The signed-in portal: sidebar (a menu on small screens), page, footer. */
export function AdminShell({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
      <PendingBar />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden bg-slate-900 lg:block">
        <div className="sticky top-0 grid gap-6 p-4">
          <Link to="/admin/dashboard" className="px-3 py-2 text-lg font-bold text-white">
            {brand.name} <span className="block text-xs font-medium text-slate-400">Administration Portal</span>
          </Link>
          <AdminNavigation />
        </div>
      </aside>
      <details className="group bg-slate-900 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-white [&::-webkit-details-marker]:hidden">
          <span className="font-bold">{brand.name} Admin</span>
          <Menu className="size-6" aria-hidden />
          <span className="sr-only">Menu</span>
        </summary>
        <div className="px-4 pb-4">
          <AdminNavigation />
        </div>
      </details>
      <div className="flex min-h-screen flex-col">
        <main id="admin-main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-4 text-sm text-slate-600 sm:px-6 lg:px-8">
          <nav aria-label="Portal footer" className="flex gap-4">
            <Link to="/admin/settings" className="inline-flex min-h-6 items-center hover:text-slate-900">
              Settings
            </Link>
            <Link to={CHANGE_PASSWORD_PATH} className="inline-flex min-h-6 items-center hover:text-slate-900">
              Change password
            </Link>
            <SignOutForm variant="link" label="Sign Out" />
          </nav>
          <p>
            © {year} {brand.legalName}. All rights reserved.
          </p>
        </footer>
      </div>
    </div>
  );
}
