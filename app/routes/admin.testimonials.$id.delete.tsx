import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { TESTIMONIALS_ADMIN_PATH } from "~/lib/testimonials";
import { deleteTestimonial } from "~/models/testimonials.server";
import { deleteAndReturn } from "~/route-actions/admin-delete.server";
import { requireAdminPageUser } from "~/route-actions/auth.server";
import { findTestimonialForPage } from "~/route-actions/testimonial-pages.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  const testimonial = await findTestimonialForPage(params.id);
  return json({ testimonial: testimonial && { name: testimonial.name, company: testimonial.company } }, { status: testimonial ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  // The spec's failure toast is "Error" with the model's message alone.
  return deleteAndReturn(request, {
    remove: () => deleteTestimonial(user, recordId(params.id)),
    list: TESTIMONIALS_ADMIN_PATH,
    done: "Testimonial deleted successfully",
  });
}

export default function DeleteTestimonialDialog() {
  const { testimonial } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDeleteDialog
      title="Delete testimonial"
      description={testimonial ? `From ${testimonial.name}, ${testimonial.company}` : undefined}
      question="Are you sure you want to delete this testimonial?"
      closeTo={`${TESTIMONIALS_ADMIN_PATH}${search}`}
      found={testimonial !== null}
      goneText="This testimonial no longer exists. It may have been deleted already."
    />
  );
}
