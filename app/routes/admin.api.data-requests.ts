import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DATA_REQUEST_TEXT } from "~/features/privacy/data-protection";
import { dataRequestListFromUrl, dataRequestSchema } from "~/features/privacy/data-requests-schema";
import { listDataRequests, recordDataRequest } from "~/features/privacy/data-requests.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { jsonPage, readJsonWithSchema } from "~/platform/json-api.server";

/**
 * The request register over JSON (admins and super admins): `GET` a page,
 * newest first (`?status=&overdue=yes&page=`, totals in headers); `POST`
 * records a request (201).
 */
const dataRequests: AdminJsonRoute = {
  GET: {
    permission: "manageDataProtection",
    handle: async ({ request }) => {
      const page = await listDataRequests(dataRequestListFromUrl(new URL(request.url)));
      return jsonPage(page.entries, page);
    },
  },
  POST: {
    permission: "manageDataProtection",
    status: 201,
    handle: async ({ request, user }) => recordDataRequest(user, await readJsonWithSchema(request, dataRequestSchema, DATA_REQUEST_TEXT.invalid)),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(dataRequests, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(dataRequests, args);
