import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { Download, Plus } from "~/ui/icons";
import { TestimonialCards } from "~/features/content/testimonial-cards";
import { Button, ButtonLink } from "~/ui/button";
import { useAdminUser } from "~/features/staff/admin-session";
import { TESTIMONIALS_ADMIN_PATH } from "~/features/content/testimonials";
import { importExistingTestimonials, listTestimonials } from "~/features/content/testimonials.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { readFormFields } from "~/platform/request-body.server";
import { raiseToast, redirectWithToast } from "~/platform/toast.server";
import { logger } from "~/platform/logger.server";

export const meta: MetaFunction = () => [{ title: "Testimonials | Administration Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { signedOut: "login" });
  return json({ testimonials: await listTestimonials() });
}

const IMPORT_INTENT = "import-existing";

/** Import Existing: the site's built-in testimonials, once each. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  const form = await readFormFields(request);
  if (form.intent !== IMPORT_INTENT) {
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description: "Unknown action" }) }, { status: 400 });
  }
  try {
    await importExistingTestimonials(user);
  } catch (error) {
    // The spec's fallback message (section 8); the cause goes to the log.
    logger.error({ event: "testimonials.import_failed", err: error }, "Importing testimonials failed");
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description: "Failed to import testimonials" }) }, { status: 500 });
  }
  return redirectWithToast(TESTIMONIALS_ADMIN_PATH, { kind: "success", title: "Existing testimonials imported successfully" });
}

export default function Testimonials() {
  const { testimonials } = useLoaderData<typeof loader>();
  const { permissions } = useAdminUser();
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === IMPORT_INTENT;
  const canManage = permissions.manageTestimonials;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Testimonials</h1>
          <p className="mt-1 text-slate-600">Featured testimonials are shown on the website.</p>
        </div>
        {canManage ? (
          <div className="grid w-full gap-2 sm:flex sm:w-auto">
            <Form method="post" preventScrollReset>
              <Button type="submit" variant="outline" name="intent" value={IMPORT_INTENT} disabled={importing} className="w-full">
                <Download className="size-4" aria-hidden /> {importing ? "Importing..." : "Import Existing"}
              </Button>
            </Form>
            <ButtonLink to="/admin/testimonials/new" preventScrollReset>
              <Plus className="size-4" aria-hidden /> Add Testimonial
            </ButtonLink>
          </div>
        ) : null}
      </div>
      <TestimonialCards testimonials={testimonials} canManage={canManage} />
      <Outlet />
    </div>
  );
}
