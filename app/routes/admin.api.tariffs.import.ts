import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS } from "~/platform/request-body.server";
import { importTariffsCsv, TariffImportError } from "~/features/tariffs/tariff-csv.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readCsvBody } from "~/platform/json-api.server";

/**
 * `POST /admin/api/tariffs/import` a `text/csv` body (docs/tariffs.md): 200
 * `{ created, updated }`, or 400 `{ error, errors: [{ line, field, message }] }`
 * with nothing written.
 */
const tariffImport: AdminJsonRoute = {
  POST: {
    permission: "manageTariffs",
    maxBodyBytes: BODY_LIMITS.tariffCsv,
    handle: async ({ request, user }) => {
      try {
        return await importTariffsCsv(user, await readCsvBody(request, BODY_LIMITS.tariffCsv));
      } catch (error) {
        if (!(error instanceof TariffImportError)) throw error;
        return json({ error: error.message, errors: error.errors }, { status: 400, headers: { "Cache-Control": "no-store" } });
      }
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(tariffImport, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(tariffImport, args);
