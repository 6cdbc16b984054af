import type { Brand } from "~/lib/brand";
import { env } from "~/infrastructure/env.server";

export const brand: Brand = {
  name: env.BRAND_NAME,
  legalName: env.BRAND_LEGAL_NAME,
  companyNumber: env.BRAND_COMPANY_NUMBER,
  address: env.BRAND_ADDRESS,
  phone: env.BRAND_PHONE,
  email: env.BRAND_EMAIL,
  product: env.BRAND_PRODUCT,
  referencePrefix: env.BRAND_REFERENCE_PREFIX,
};

/** The site's public origin: APP_URL when set, else the origin the request came to. */
export function siteOrigin(request: Request): string {
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  return new URL(request.url).origin;
}
