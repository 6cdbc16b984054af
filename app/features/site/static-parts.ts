import { staticPart } from "~/ui/static-part";
import { storedConsent } from "./cookie-consent-storage";
import * as rendered from "./static-parts.server";

// Parts with nothing to do in the browser: it keeps the server's HTML for them and downloads their code only if that HTML goes out of date (see `staticPart`).

export const HomeHero = staticPart("home-hero", rendered.HomeHero, () => import("./home-hero").then((part) => part.HomeHero));
export const HowItWorks = staticPart("how-it-works", rendered.HowItWorks, () => import("./how-it-works").then((part) => part.HowItWorks));
export const ServicesTiles = staticPart("services-tiles", rendered.ServicesTiles, () => import("./services-tiles").then((part) => part.ServicesTiles));
export const AboutBlock = staticPart("about-block", rendered.AboutBlock, () => import("./about-block").then((part) => part.AboutBlock));
export const WhyChooseUs = staticPart("why-choose-us", rendered.WhyChooseUs, () => import("./why-choose-us").then((part) => part.WhyChooseUs));
export const SiteFooter = staticPart("site-footer", rendered.SiteFooter, () => import("./site-footer").then((part) => part.SiteFooter));
export const SiteHeader = staticPart("site-header", rendered.SiteHeader, () => import("./site-header").then((part) => part.SiteHeader));

// Interactive parts: the server's HTML works without their code (forms post, links and the carousel's anchors); it loads when the visitor comes to use them.

// On screen for every new visitor, so only their intent wakes it, or a choice this browser kept that the cookie has lost (the banner sends it again).
export const CookieBanner = staticPart("cookie-banner", rendered.CookieBanner, () => import("./cookie-banner").then((part) => part.CookieBanner), {
  wakeOn: "intent",
  wakeAtOnce: () => storedConsent() !== null,
});
