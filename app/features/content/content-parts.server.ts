// Content parts as the server draws them; the browser build leaves this module empty (see content-parts.ts).
export { ResourceCards } from "./resource-cards";
export { TestimonialsShowcase } from "./testimonials-showcase";
