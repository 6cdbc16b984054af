import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { AdminUser } from "./admin-users";
import type { Permission } from "./permissions";
import { requireAdminApiUser } from "./auth.server";
import { methodNotAllowed, modelErrorResponse } from "~/platform/json-api.server";

export type AdminJsonMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface AdminJsonHandler {
  /** What the signed-in staff member's role must allow (lib/permissions.ts). */
  permission: Permission;
  /** The largest body the method takes; a JSON body's limit unless said (an upload holds itself to its own). */
  maxBodyBytes?: number;
  /** The status of a successful answer with a body: 200 unless said (201 for a created record). */
  status?: number;
  /** The method's work: read the body (readJsonWithSchema), call a model, give its result. A Response is sent as is, undefined as 204, anything else JSON. */
  handle(context: { request: Request; params: Params; user: AdminUser }): Promise<unknown>;
}

/** A staff JSON route's methods. A plain object (no call), so the browser build leaves it out. */
export type AdminJsonRoute = Partial<Record<AdminJsonMethod, AdminJsonHandler>>;

/**
 * The one contract of the staff JSON routes (`/admin/api/...`), for both their loader and action:
 * 1. every method, known or not: a write from another site or past its size is refused (403/413), then signed out is 401 and a password that must be changed
 *    first is 403;
 * 2. a method the route does not have: 405 with `Allow`;
 * 3. the method's permission: 403;
 * 4. its answer: JSON (`Cache-Control: no-store`); a model's refusal (ModelError) as `{ error, fieldErrors? }` with its status; a bad id names no record, so
 *    the model's 404; bad input is thrown by readJsonWithSchema as 400 with field errors. Anything else is a fault.
 */
export async function answerAdminJson(route: AdminJsonRoute, { request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const method = (request.method === "HEAD" ? "GET" : request.method) as AdminJsonMethod;
  const handler = route[method];
  if (!handler) {
    await requireAdminApiUser(request, "view");
    return methodNotAllowed(Object.keys(route).join(", "));
  }
  const user = await requireAdminApiUser(request, handler.permission, { maxBodyBytes: handler.maxBodyBytes });
  try {
    const result = await handler.handle({ request, params, user });
    if (result instanceof Response) return result;
    if (result === undefined) return new Response(null, { status: 204 });
    return json(result, { status: handler.status ?? 200, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return modelErrorResponse(error);
  }
}
