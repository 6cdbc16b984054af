import { Form } from "@remix-run/react";
import { DialogFormActions } from "~/ui/dialog-actions";
import { Field, Input, Select, Textarea } from "~/ui/field";
import { ErrorSummary } from "~/ui/error-summary";
import { DATA_REQUEST_KIND_LABELS, DATA_REQUEST_KINDS, DATA_REQUEST_STATUS_LABELS, DATA_REQUEST_STATUSES } from "./data-protection";
import { controlId, LIMITS, type FormAnswer } from "~/lib/form-fields";

/** The record and edit dialogs' answer when they did not save. */
export type DataRequestAnswer = FormAnswer<DataRequestField>;

type DataRequestField = "kind" | "receivedOn" | "contact" | "handledBy" | "notes" | "status";

type Handlers = Array<{ id: string; name: string }>;

/** A form's controls by field, in its order, for its error summary. */
function controlsOf(formId: string, names: readonly DataRequestField[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, controlId(formId, name)]));
}

function HandlerSelect({ handlers, value, error, formId }: { handlers: Handlers; value: string; error?: string; formId: string }) {
  return (
    <Field id={controlId(formId, "handledBy")} label="Handled by" error={error}>
      {(control) => (
        <Select {...control} name="handledBy" defaultValue={value}>
          <option value="">Unassigned</option>
          {handlers.map((handler) => (
            <option key={handler.id} value={handler.id}>
              {handler.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function NotesField({ value, error, formId }: { value: string; error?: string; formId: string }) {
  return (
    <Field
      id={controlId(formId, "notes")}
      label="Notes"
      error={error}
      hint="How it arrived, how you checked who they are, what you sent. Not shown to the person."
    >
      {(control) => <Textarea {...control} name="notes" defaultValue={value} rows={4} maxLength={LIMITS.message} />}
    </Field>
  );
}

export interface NewDataRequestValues {
  kind: string;
  receivedOn: string;
  contact: string;
  handledBy: string;
  notes: string;
}

/** Record a request: its kind, the day it arrived (due one month later), who it is from, who handles it. */
export function NewDataRequestForm({
  initial,
  answer,
  handlers,
  cancelTo,
}: {
  initial: NewDataRequestValues;
  answer?: DataRequestAnswer;
  handlers: Handlers;
  cancelTo: string;
}) {
  const values = { ...initial, ...answer?.values };
  const errors = answer?.fieldErrors ?? {};
  const formId = "data-request";
  return (
    <Form method="post" preventScrollReset className="grid gap-4" noValidate>
      <ErrorSummary answer={answer} fields={controlsOf(formId, ["kind", "receivedOn", "contact", "handledBy", "notes"])} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={controlId(formId, "kind")} label="Kind of request" required error={errors.kind}>
          {(control) => (
            <Select {...control} name="kind" defaultValue={values.kind}>
              <option value="">Choose...</option>
              {DATA_REQUEST_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {DATA_REQUEST_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={controlId(formId, "receivedOn")} label="Received on" required error={errors.receivedOn} hint="Due one calendar month later.">
          {(control) => <Input {...control} type="date" name="receivedOn" defaultValue={values.receivedOn} />}
        </Field>
      </div>
      <Field id={controlId(formId, "contact")} label="Email address or phone number" required error={errors.contact}>
        {(control) => <Input {...control} name="contact" defaultValue={values.contact} maxLength={LIMITS.email} autoComplete="off" />}
      </Field>
      <HandlerSelect handlers={handlers} value={values.handledBy} error={errors.handledBy} formId={formId} />
      <NotesField value={values.notes} error={errors.notes} formId={formId} />
      <DialogFormActions cancelTo={cancelTo} submitLabel="Record request" busyLabel="Saving..." />
    </Form>
  );
}

export interface DataRequestChangeValues {
  status: string;
  handledBy: string;
  notes: string;
}

/** A request's status, handler and notes. */
export function DataRequestChangeForm({
  initial,
  answer,
  handlers,
  cancelTo,
}: {
  initial: DataRequestChangeValues;
  answer?: DataRequestAnswer;
  handlers: Handlers;
  cancelTo: string;
}) {
  const values = { ...initial, ...answer?.values };
  const errors = answer?.fieldErrors ?? {};
  const formId = "data-request-change";
  return (
    <Form method="post" preventScrollReset className="grid gap-4" noValidate>
      <ErrorSummary answer={answer} fields={controlsOf(formId, ["status", "handledBy", "notes"])} />
      <Field id={controlId(formId, "status")} label="Status" error={errors.status}>
        {(control) => (
          <Select {...control} name="status" defaultValue={values.status}>
            {DATA_REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DATA_REQUEST_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <HandlerSelect handlers={handlers} value={values.handledBy} error={errors.handledBy} formId={formId} />
      <NotesField value={values.notes} error={errors.notes} formId={formId} />
      <DialogFormActions cancelTo={cancelTo} submitLabel="Save changes" busyLabel="Saving..." />
    </Form>
  );
}
