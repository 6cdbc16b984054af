import { Form } from "@remix-run/react";
import { DialogFormActions } from "~/ui/dialog-actions";
import { Field, FileInput } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { TARIFF_CSV_FIELD, TARIFFS_ADMIN_PATH } from "./tariffs-screen";

/** A refused import: why there was nothing to read, or the file's problems by line and column, with how many there are. */
export interface TariffImportAnswer {
  problem?: string;
  summary?: string;
  errors?: { line: number; field: string; message: string }[];
}

/** The CSV upload: a real multipart post, so it works without JavaScript. */
export function TariffImportForm({ answer, maxMegabytes }: { answer?: TariffImportAnswer; maxMegabytes: number }) {
  const errors = answer?.errors ?? [];
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="grid gap-4">
      {answer?.problem ? <FormAlert>{answer.problem}</FormAlert> : null}
      {errors.length > 0 ? (
        <section aria-labelledby="import-errors-heading" className="grid gap-2 rounded-lg bg-red-50 p-4 ring-1 ring-red-200" data-testid="import-errors">
          <h3 id="import-errors-heading" className="font-semibold text-red-900">
            {answer?.summary}
          </h3>
          <ul className="grid max-h-80 gap-1 overflow-y-auto text-sm text-red-950">
            {errors.map((error, index) => (
              <li key={index} data-testid="import-error">
                <span className="font-medium">Line {error.line}</span>
                {error.field ? <>, {error.field}</> : null}: {error.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Field id="tariff-csv-file" label="CSV file" required hint={`Up to ${maxMegabytes} MB. Export CSV gives a file in the same columns to start from.`}>
        {(control) => <FileInput {...control} name={TARIFF_CSV_FIELD} accept=".csv,text/csv" />}
      </Field>
      <DialogFormActions cancelTo={TARIFFS_ADMIN_PATH} submitLabel="Import" busyLabel="Importing..." />
    </Form>
  );
}
