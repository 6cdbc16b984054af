import { Form } from "@remix-run/react";
import { LogOut } from "~/ui/icons";
import { buttonClasses } from "~/ui/button";
import { cn } from "~/lib/cn";

export const SIGN_OUT_PATH = "/admin/api/logout";

const looks = {
  /** In the dark sidebar, like its links. */
  sidebar:
    "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
  /** In running text (footer, dashboard header), like a link. */
  link: "inline-flex min-h-6 cursor-pointer items-center rounded-sm hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  button: buttonClasses("primary", "lg", "w-full"),
} as const;

/**
 * Signing out is a POST from the site's own page (a GET signs nobody out), so
 * every sign-out control is a real button in a form; it works without
 * JavaScript.
 */
export function SignOutForm({ label = "Sign out", variant, className }: { label?: string; variant: keyof typeof looks; className?: string }) {
  return (
    <Form method="post" action={SIGN_OUT_PATH} className={cn(variant === "button" ? "w-full" : "contents")}>
      <button type="submit" className={cn(looks[variant], className)}>
        {variant === "sidebar" ? <LogOut className="size-4" aria-hidden /> : null}
        {label}
      </button>
    </Form>
  );
}
