import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TestimonialForm } from "~/features/content/testimonial-form";
import { RouteDialog } from "~/ui/dialog";
import type { TestimonialAnswer } from "~/features/content/testimonial-form";
import { TESTIMONIALS_ADMIN_PATH } from "~/features/content/testimonials";
import { updateTestimonial } from "~/features/content/testimonials.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { findTestimonialForPage, testimonialFormAction } from "~/features/content/testimonial-pages.server";
import { recordId } from "~/lib/route-params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  const testimonial = await findTestimonialForPage(params.id);
  return json({ testimonial }, { status: testimonial ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = recordId(params.id);
  return testimonialFormAction(request, (user, input) => updateTestimonial(user, id, input), "Testimonial updated successfully");
}

export default function EditTestimonialDialog() {
  const { testimonial } = useLoaderData<typeof loader>();
  const answer = useActionData<TestimonialAnswer>();
  if (!testimonial) {
    return (
      <RouteDialog title="Testimonial not found" closeTo={TESTIMONIALS_ADMIN_PATH}>
        <p className="text-slate-700">This testimonial no longer exists. It may have been deleted.</p>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title="Edit Testimonial" description={`From ${testimonial.name}, ${testimonial.company}`} closeTo={TESTIMONIALS_ADMIN_PATH} wide>
      <TestimonialForm initial={testimonial} answer={answer} submitLabel="Update Testimonial" />
    </RouteDialog>
  );
}
