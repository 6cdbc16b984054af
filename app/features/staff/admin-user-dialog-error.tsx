import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { NoticeDialog } from "~/ui/dialog-actions";
import { USERS_PAGE } from "./admin-users-screen";

/** A Users dialog route's error boundary: the list stays behind, the dialog says what went wrong. */
export function AdminUserDialogError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NoticeDialog
      title={notFound ? "User not found" : "Something went wrong"}
      message={
        notFound
          ? "There is no admin user at this address. They may have been removed, or the link is out of date."
          : "We couldn't open this for you. Please try again in a moment."
      }
      closeTo={USERS_PAGE}
      closeLabel="Back to users"
    />
  );
}
