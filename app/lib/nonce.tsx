import { createContext, useContext } from "react";

/** The CSP nonce of the page being rendered: none in the browser (not needed), nor for a page shared from the page cache (its CSP lists script hashes). */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
