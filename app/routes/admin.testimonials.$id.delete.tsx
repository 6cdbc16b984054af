import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/features/staff/confirm-delete-dialog";
import { recordId } from "~/lib/route-params";
import { deleteTestimonial } from "~/features/content/testimonials.server";
import { deleteAndReturn, loadDeleteDialog } from "~/features/staff/admin-delete.server";
import { findTestimonialForPage } from "~/features/content/testimonial-pages.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadDeleteDialog(request, "testimonial", async () => {
    const testimonial = await findTestimonialForPage(params.id);
    return testimonial && { name: testimonial.name, company: testimonial.company };
  });

export const action = ({ request, params }: ActionFunctionArgs) =>
  deleteAndReturn(request, "testimonial", (user) => deleteTestimonial(user, recordId(params.id)));

export default function DeleteTestimonialDialog() {
  const { record: testimonial } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog
      of="testimonial"
      description={testimonial ? `From ${testimonial.name}, ${testimonial.company}` : undefined}
      found={testimonial !== null}
    />
  );
}
