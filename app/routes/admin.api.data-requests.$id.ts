import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DATA_REQUEST_TEXT } from "~/features/privacy/data-protection";
import { recordId } from "~/lib/route-params";
import { dataRequestChangesSchema } from "~/features/privacy/data-requests-schema";
import { getDataRequest, updateDataRequest } from "~/features/privacy/data-requests.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/** One request in the register (`GET`); `PATCH` changes its status, handler or notes (a field left out stays). */
const dataRequest: AdminJsonRoute = {
  GET: { permission: "manageDataProtection", handle: ({ params }) => getDataRequest(recordId(params.id)) },
  PATCH: {
    permission: "manageDataProtection",
    handle: async ({ request, params, user }) =>
      updateDataRequest(user, recordId(params.id), await readJsonWithSchema(request, dataRequestChangesSchema, DATA_REQUEST_TEXT.invalid)),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(dataRequest, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(dataRequest, args);
