import { createContext, useContext, useState } from "react";

/**
 * The request id of a page rendered on the server (X-Request-Id), for error pages to show so a visitor can quote it. In the browser it is read back from the
 * page the server sent; a page that failed in the browser alone has none.
 */
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [requestId] = useState(
    () => fromServer ?? (typeof document === "undefined" ? undefined : (document.querySelector("[data-request-id]")?.textContent ?? undefined)),
  );
  return requestId;
}

/** "Reference: …" under an error message. */
export function RequestReference({ className }: { className?: string }) {
  const requestId = useRequestId();
  if (!requestId) return null;
  return (
    <p className={className ?? "text-sm text-slate-600"}>
      If you contact us about this, please quote reference <code data-request-id="">{requestId}</code>.
    </p>
  );
}
