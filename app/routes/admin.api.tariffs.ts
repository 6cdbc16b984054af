import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithSchema } from "~/lib/form-submission";
import { tariffInputSchema, tariffListParams, tariffListQuerySchema } from "~/features/tariffs/tariffs-schema";
import { createTariff, listTariffs } from "~/features/tariffs/tariffs.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * `GET /admin/api/tariffs?q=&network=&status=&serviceType=&stale=`: the
 * catalogue (each tariff marked stale or not), 400 for a filter not in its
 * list; `POST` adds a tariff (201).
 */
const tariffs: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: ({ request }) => {
      const filters = parseWithSchema(tariffListQuerySchema, tariffListParams(new URL(request.url)));
      if (!filters.success) throw json({ error: "Invalid filters", fieldErrors: filters.fieldErrors }, { status: 400 });
      return listTariffs(filters.data);
    },
  },
  POST: {
    permission: "manageTariffs",
    status: 201,
    handle: async ({ request, user }) => createTariff(user, await readJsonWithSchema(request, tariffInputSchema, "Invalid tariff")),
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(tariffs, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(tariffs, args);
