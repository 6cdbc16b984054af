import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { signOutResponse } from "~/services/auth.server";
import { assertWriteAccepted } from "~/services/write-guard.server";

/** Sign out (the spec links here): the session row is deleted and the cookie cleared. */
export async function loader({ request }: LoaderFunctionArgs) {
  return signOutResponse(request);
}

export async function action({ request }: ActionFunctionArgs) {
  assertWriteAccepted(request);
  return signOutResponse(request);
}
