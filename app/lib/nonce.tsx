import { createContext, useContext } from "react";

/** The CSP nonce of the page being rendered (empty in the browser, where it is not needed). */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
