import { json, type ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { ContactForm } from "~/features/inbox/contact-form";
import { ContactDetails, LegalLine, OfficeAddress } from "~/features/site/contact-info";
import { PageHeader } from "~/features/site/page-header";
import { StockImage } from "~/features/content/stock-image";
import { MESSAGES } from "~/lib/messages";
import { contactEnquirySchema } from "~/features/inbox/public-forms-schema";
import { pageMeta } from "~/features/site/seo";
import { createContactEnquiry } from "~/features/inbox/contact-enquiries.server";
import { firstStockImages } from "~/features/content/stock-images.server";
import { handlePublicForm, publicFormHeaders } from "~/platform/public-forms.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description:
      "Get in touch about business mobiles, phone systems, broadband or IT services. Call, email or send us an enquiry and a UK-based expert will get back to you.",
    path: "/contact",
  });

export async function loader() {
  const images = await firstStockImages(["contact"]);
  return json({ image: images.contact });
}

export async function action({ request }: ActionFunctionArgs) {
  return handlePublicForm({
    request,
    scope: "contact",
    schema: contactEnquirySchema,
    save: createContactEnquiry,
    success: MESSAGES.enquirySent,
    redirectTo: "/contact#enquiry-form",
  });
}

export const headers = publicFormHeaders;

export default function Contact() {
  const { image } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="We're here to help"
        title="Contact us"
        description="Questions about your contract, a quote or our services? Send us a message or give us a call and one of our UK-based experts will be happy to help."
      />
      <div className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:gap-10 lg:px-8">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
            <h2 className="text-xl font-bold text-slate-900">Send us an enquiry</h2>
            <p className="mt-1 mb-6 text-sm text-slate-600">
              Fields marked <span className="text-red-700">*</span> are required. We reply within one working day.
            </p>
            <ContactForm />
          </div>
          <div className="grid content-start gap-6">
            {image ? <StockImage image={image} alt={image.description ?? "Our office"} className="aspect-[16/9] w-full rounded-2xl shadow-sm" /> : null}
            <OfficeAddress />
            <ContactDetails />
            <LegalLine />
          </div>
        </div>
      </div>
    </>
  );
}
