// The static parts as the server renders them; the browser build leaves this module empty, so their code is not in the page's scripts (see static-parts.ts).
export { AboutBlock } from "./about-block";
export { CookieBanner } from "./cookie-banner";
export { HomeHero } from "./home-hero";
export { HowItWorks } from "./how-it-works";
export { ServicesTiles } from "./services-tiles";
export { SiteFooter } from "./site-footer";
export { SiteHeader } from "./site-header";
export { WhyChooseUs } from "./why-choose-us";
