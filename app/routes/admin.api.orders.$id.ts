import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { orderChangeSchema } from "~/features/orders/staff-order-schema";
import { changeOrder, getStaffOrder } from "~/features/orders/staff-order.server";
import { orderRefusal } from "~/features/orders/staff-order-errors.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { readJsonWithSchema } from "~/platform/json-api.server";

/**
 * One order as staff see it (`GET`; the PAC only as its last three characters). `PATCH` changes it as the order's page does, with the same schema and
 * function: `version` (required) and any of `status` (`holdReason` for on_hold, `portDates` by line id for porting), the details, `lines` (each with its `id`).
 * 400 with field errors; 409 with `current`, the order as it now is, when `version` is not its latest (someone else saved first).
 */
const order: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getStaffOrder(recordId(params.id)) },
  PATCH: {
    permission: "workLeads",
    handle: async ({ request, params, user }) => {
      const change = await readJsonWithSchema(request, orderChangeSchema, "Invalid order change");
      try {
        return await changeOrder(user, recordId(params.id), change);
      } catch (error) {
        const refusal = orderRefusal(error);
        if (refusal) return refusal;
        throw error;
      }
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(order, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(order, args);
