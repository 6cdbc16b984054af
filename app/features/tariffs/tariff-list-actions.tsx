import { Form, useNavigation } from "@remix-run/react";
import { Download, Plus, Upload } from "~/ui/icons";
import { Button, ButtonLink, buttonClasses } from "~/ui/button";
import { TARIFF_LIST_INTENTS, TARIFFS_ADMIN_PATH } from "./tariffs-screen";
import { SAMPLE_PRICES_LABEL } from "./tariffs";

/** Export for everyone; Import CSV and Add Tariff for staff who may change the catalogue. */
export function TariffListActions({ canManage, exportHref }: { canManage: boolean; exportHref: string }) {
  return (
    <div className="grid w-full gap-2 sm:flex sm:w-auto">
      <a href={exportHref} download className={buttonClasses("outline", "md")}>
        <Download className="size-4" aria-hidden /> Export CSV
      </a>
      {canManage ? (
        <>
          <ButtonLink to={`${TARIFFS_ADMIN_PATH}/import`} variant="outline" preventScrollReset>
            <Upload className="size-4" aria-hidden /> Import CSV
          </ButtonLink>
          <ButtonLink to={`${TARIFFS_ADMIN_PATH}/new`} preventScrollReset>
            <Plus className="size-4" aria-hidden /> Add Tariff
          </ButtonLink>
        </>
      ) : null}
    </div>
  );
}

/** On an empty catalogue: the shipped sample tariffs (illustrative prices, marked Sample) in one go. */
export function ImportSamplesPanel() {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === TARIFF_LIST_INTENTS.importSamples;
  return (
    <section aria-labelledby="samples-heading" className="grid gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="samples-heading" className="text-lg font-semibold text-slate-900">
        The catalogue is empty
      </h2>
      <p className="text-sm text-slate-600">
        Add tariffs one by one, import a CSV, or start from about 40 sample tariffs across the four networks. Samples are marked Sample here and &ldquo;
        {SAMPLE_PRICES_LABEL}&rdquo; on the website until you edit or replace them.
      </p>
      <Form method="post" action={TARIFFS_ADMIN_PATH} preventScrollReset>
        <Button type="submit" variant="outline" name="intent" value={TARIFF_LIST_INTENTS.importSamples} disabled={importing}>
          <Download className="size-4" aria-hidden /> {importing ? "Importing..." : "Import sample tariffs"}
        </Button>
      </Form>
    </section>
  );
}
