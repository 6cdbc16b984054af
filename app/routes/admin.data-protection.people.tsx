import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { PersonActions, PersonErasedNotice, PersonRecordSections } from "~/features/privacy/person-record";
import { Button } from "~/ui/button";
import { Field, Input } from "~/ui/field";
import { nothingHeldSinceErasure, personCountsInWords, personFound } from "~/features/privacy/person-data";
import { PERSON_SEARCH_RULES, personSearchFromUrl, personSearchQuery } from "~/features/privacy/person-schema";
import { personRecordForStaff } from "~/features/privacy/person-search.server";
import { requireDataProtectionUser } from "~/features/staff/auth.server";

export const meta: MetaFunction = () => [{ title: "Find a person | Data protection | Administration Portal" }];

/** Staff find everything held about one person by email or phone, then download it, erase them or stop contacting them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireDataProtectionUser(request);
  const answer = personSearchFromUrl(new URL(request.url));
  if (!answer.ok) {
    // A page with the field's message, like any form shown again (a GET search answers 200).
    return json({ values: answer.values, fieldErrors: answer.fieldErrors, found: null });
  }
  const { email = "", phone = "" } = answer.search;
  const found = await personRecordForStaff({ email, phone });
  return json({ values: { email, phone }, fieldErrors: {}, found: { ...found, query: personSearchQuery({ email, phone }) } });
}

export default function FindPerson() {
  const { values, fieldErrors, found } = useLoaderData<typeof loader>();
  const errors: { email?: string; phone?: string } = fieldErrors;
  const who = [values.email, values.phone].filter(Boolean).join(" / ");
  return (
    <div className="grid gap-6">
      <Form method="get" className="grid max-w-3xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
        <Field id="person-email" label="Email address" rule={PERSON_SEARCH_RULES.email} required={false} error={errors.email}>
          {(control) => <Input {...control} name="email" defaultValue={values.email} autoComplete="off" />}
        </Field>
        <Field id="person-phone" label="Phone number" rule={PERSON_SEARCH_RULES.phone} required={false} error={errors.phone}>
          {(control) => <Input {...control} name="phone" defaultValue={values.phone} autoComplete="off" />}
        </Field>
        <Button type="submit" variant="primary" size="toolbar">
          Find
        </Button>
      </Form>
      {found ? (
        <section aria-label="What we hold" className="grid gap-6">
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-auto text-sm text-slate-700" data-testid="person-summary">
              {found.erased
                ? nothingHeldSinceErasure(who, found.erased)
                : personFound(found.record)
                  ? `Found ${personCountsInWords({ leads: found.record.leads.length, orders: found.record.orders.length, enquiries: found.record.enquiries.length, newsletterSignups: found.record.newsletterSignups.length })} for ${who}.`
                  : `Nothing held about ${who}.`}
            </p>
            {/* Once erased with nothing held since, there is nothing to download, erase or stop: the notice says what is kept instead. */}
            {found.erased ? null : <PersonActions query={found.query} />}
          </div>
          {found.erased ? <PersonErasedNotice erased={found.erased} /> : null}
          <p className="text-sm">
            <Link
              to={`/admin/data-protection/requests/new?${new URLSearchParams({ contact: found.record.query.email ?? found.record.query.phone ?? "" })}`}
              className="font-medium text-brand-700 underline"
            >
              Record a request
            </Link>{" "}
            <span className="text-slate-600">for the register (received, due in one month, handled by).</span>
          </p>
          <PersonRecordSections record={found.record} recipients={found.recipients} />
        </section>
      ) : null}
      <Outlet />
    </div>
  );
}
