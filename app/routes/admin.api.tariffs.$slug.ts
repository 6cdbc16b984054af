import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { tariffChangesSchema } from "~/features/tariffs/tariffs-schema";
import { deleteTariff, getTariff, setTariffStatus, updateTariff } from "~/features/tariffs/tariffs.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * One tariff by its slug. `PATCH` changes the fields given (a change of status
 * alone publishes or withdraws it, audited as such); `DELETE` removes it (204).
 */
const tariff: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getTariff(params.slug ?? "") },
  PATCH: {
    permission: "manageTariffs",
    handle: async ({ request, params, user }) => {
      const changes = await readJsonWithSchema(request, tariffChangesSchema, "Invalid tariff");
      const given = Object.keys(changes).filter((field) => changes[field as keyof typeof changes] !== undefined);
      if (given.length === 1 && changes.status) return setTariffStatus(user, params.slug ?? "", changes.status);
      return updateTariff(user, params.slug ?? "", changes);
    },
  },
  DELETE: { permission: "manageTariffs", handle: ({ params, user }) => deleteTariff(user, params.slug ?? "") },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(tariff, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(tariff, args);
