import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DATA_REQUEST_TEXT } from "~/lib/data-protection";
import { dataRequestListFromUrl, dataRequestSchema } from "~/lib/schemas/data-requests";
import { listDataRequests, recordDataRequest } from "~/models/data-requests.server";
import { answerAdminJson, type AdminJsonRoute } from "~/route-actions/admin-json-route.server";
import { jsonPage, readJsonWithSchema } from "~/route-actions/json-api.server";

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
