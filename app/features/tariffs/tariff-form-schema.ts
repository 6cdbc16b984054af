import { readTariffForm, tariffFormField, type TariffFormField, type TariffFormValues } from "./tariff-form-fields";
import type { z } from "zod";
import { tariffInputSchema } from "./tariffs-schema";

/** A tariff as the schema gives it (the same as TariffInput, its lists not read-only). */
export type TariffFormInput = z.output<typeof tariffInputSchema>;

export type TariffFormErrors = Partial<Record<TariffFormField, string>>;

/** A posted tariff form, read then checked by the JSON routes' and CSV's schema; each field shows its first message. */
export function parseTariffForm(values: TariffFormValues): { success: true; data: TariffFormInput } | { success: false; fieldErrors: TariffFormErrors } {
  const reading = readTariffForm(values);
  const result = tariffInputSchema.safeParse(reading.input);
  const fieldErrors: TariffFormErrors = { ...reading.fieldErrors };
  if (!result.success) {
    for (const issue of result.error.issues) fieldErrors[tariffFormField(issue.path, reading.priceRiseRows)] ??= issue.message;
  }
  if (result.success && Object.keys(fieldErrors).length === 0) return { success: true, data: result.data };
  return { success: false, fieldErrors };
}
