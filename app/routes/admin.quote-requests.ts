import { redirect } from "@remix-run/node";

/** The dashboard's spec link: quote requests are worked on the leads screen. */
export function loader() {
  return redirect("/admin/leads");
}
