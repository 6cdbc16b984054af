import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TestimonialForm } from "~/features/content/testimonial-form";
import { RouteDialog } from "~/ui/dialog";
import type { TestimonialAnswer } from "~/features/content/testimonial-form";
import { DEFAULT_RATING, TESTIMONIALS_ADMIN_PATH } from "~/features/content/testimonials";
import { createTestimonial } from "~/features/content/testimonials.server";
import { requireAdminPageUser } from "~/features/staff/auth.server";
import { testimonialFormAction } from "~/features/content/testimonial-pages.server";
import { formatMonthFirstDate } from "~/lib/calendar";

/** The form's defaults (SPEC section 4), with today's date worked out here, on the UK calendar. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPageUser(request, { permission: "manageTestimonials", signedOut: "login" });
  return json({
    defaults: { name: "", company: "", position: "", content: "", date: formatMonthFirstDate(new Date()), rating: DEFAULT_RATING, featured: false },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return testimonialFormAction(request, createTestimonial, "Testimonial created successfully");
}

export default function AddTestimonialDialog() {
  const { defaults } = useLoaderData<typeof loader>();
  const answer = useActionData<TestimonialAnswer>();
  return (
    <RouteDialog title="Add Testimonial" description="Featured testimonials are shown on the website straight away." closeTo={TESTIMONIALS_ADMIN_PATH} wide>
      <TestimonialForm initial={defaults} answer={answer} submitLabel="Add Testimonial" />
    </RouteDialog>
  );
}
