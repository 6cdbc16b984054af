import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { RouteDialog } from "~/components/ui/dialog";
import { useToastFromAnswer } from "~/components/ui/toaster";
import { TESTIMONIALS_ADMIN_PATH } from "~/lib/testimonials";
import { ModelError } from "~/models/model-error.server";
import { deleteTestimonial } from "~/models/testimonials.server";
import { requireAdminPageUser } from "~/services/auth.server";
import { findTestimonialForPage, testimonialIdFrom } from "~/services/testimonial-pages.server";
import { raiseToast, redirectWithToast } from "~/services/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  const testimonial = await findTestimonialForPage(params.id);
  return json({ testimonial: testimonial && { name: testimonial.name, company: testimonial.company } }, { status: testimonial ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  try {
    await deleteTestimonial(user, testimonialIdFrom(params.id));
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return json({ toast: raiseToast({ kind: "destructive", title: "Error", description: error.message }) }, { status: error.status });
  }
  return redirectWithToast(TESTIMONIALS_ADMIN_PATH, { kind: "success", title: "Testimonial deleted successfully" });
}

export default function DeleteTestimonialDialog() {
  const { testimonial } = useLoaderData<typeof loader>();
  useToastFromAnswer(useActionData<typeof action>());
  return (
    <RouteDialog
      title="Delete testimonial"
      description={testimonial ? `From ${testimonial.name}, ${testimonial.company}` : undefined}
      closeTo={TESTIMONIALS_ADMIN_PATH}
    >
      {testimonial ? (
        <ConfirmForm question="Are you sure you want to delete this testimonial?" cancelTo={TESTIMONIALS_ADMIN_PATH} />
      ) : (
        <p className="text-slate-700">This testimonial no longer exists. It may have been deleted already.</p>
      )}
    </RouteDialog>
  );
}
