import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tariffInputSchema } from "~/lib/schemas/tariffs";
import { createTariff, listTariffs } from "~/models/tariffs.server";
import { answerAdminJson, type AdminJsonRoute } from "~/route-actions/admin-json-route.server";
import { readJsonWithSchema } from "~/route-actions/json-api.server";

/** `GET /admin/api/tariffs`: the whole catalogue; `POST` adds a tariff (201). */
const tariffs: AdminJsonRoute = {
  GET: { permission: "view", handle: () => listTariffs() },
  POST: {
    permission: "manageTariffs",
    status: 201,
    handle: async ({ request, user }) => createTariff(user, await readJsonWithSchema(request, tariffInputSchema, "Invalid tariff")),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(tariffs, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(tariffs, args);
