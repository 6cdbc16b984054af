import type { Brand } from "./brand";
import { env } from "./env.server";

export const brand: Brand = {
  name: env.BRAND_NAME,
  legalName: env.BRAND_LEGAL_NAME,
  companyNumber: env.BRAND_COMPANY_NUMBER,
  address: env.BRAND_ADDRESS,
  vatNumber: env.BRAND_VAT_NUMBER,
  paymentInstructions: env.BRAND_PAYMENT_INSTRUCTIONS ?? null,
  phone: env.BRAND_PHONE,
  email: env.BRAND_EMAIL,
};

/** The site's public origin (APP_URL): every link the site gives out starts with it, whatever Host a request named. */
export const siteOrigin = env.APP_URL;

/** The site's own host (APP_URL's), which is never a lead's or a visit's referring site. */
export const siteHost = new URL(siteOrigin).hostname;
