import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { importSampleTariffs } from "~/features/tariffs/tariff-csv.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** `POST /admin/api/tariffs/import-samples`: the shipped illustrative tariffs, into an empty catalogue only (409 otherwise). */
const sampleImport: AdminJsonRoute = {
  POST: { permission: "manageTariffs", handle: ({ user }) => importSampleTariffs(user) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(sampleImport, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(sampleImport, args);
