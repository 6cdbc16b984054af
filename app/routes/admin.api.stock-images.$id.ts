import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { recordId } from "~/lib/route-params";
import { deleteStockImage, getStockImage } from "~/features/content/stock-images.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";

/** One image's record (`GET`, beyond the spec); `DELETE` removes it and its stored file (SPEC section 7). */
const stockImage: AdminJsonRoute = {
  GET: { permission: "view", handle: ({ params }) => getStockImage(recordId(params.id)) },
  DELETE: { permission: "manageImages", handle: ({ params, user }) => deleteStockImage(user, recordId(params.id)) },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(stockImage, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(stockImage, args);
