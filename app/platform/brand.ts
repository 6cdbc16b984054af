import { useRouteLoaderData } from "@remix-run/react";

/** The company's public details. Set by the BRAND_* settings, shown across the site. */
export interface Brand {
  name: string;
  legalName: string;
  companyNumber: string;
  /** The registered office. */
  address: string;
  vatNumber: string;
  /** How a customer pays what is due on accepting a quote; null: their account manager arranges it. */
  paymentInstructions: string | null;
  phone: string;
  email: string;
}

export interface RootData {
  brand: Brand;
  origin: string;
}

/** The brand of the running site, from the root loader. */
export function useBrand(): Brand {
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (!root) throw new Error("useBrand must be used below the root route");
  return root.brand;
}

/** The site's public origin (APP_URL), from the root loader: for a link staff copy to send on. */
export function useSiteOrigin(): string {
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (!root) throw new Error("useSiteOrigin must be used below the root route");
  return root.origin;
}

/** `tel:` link for a displayed UK phone number. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+44${digits.slice(1)}` : digits}`;
}
