import { staticPart } from "~/ui/static-part";
import * as rendered from "./content-parts.server";

// Static parts (decision 002): the resource cards have nothing to do in the browser; the testimonials' carousel loads its code when the visitor comes to it.
export const ResourceCards = staticPart("resource-cards", rendered.ResourceCards, () => import("./resource-cards").then((part) => part.ResourceCards));
export const TestimonialsShowcase = staticPart(
  "testimonials-showcase",
  rendered.TestimonialsShowcase,
  () => import("./testimonials-showcase").then((part) => part.TestimonialsShowcase),
  { wakeOn: "in-view" },
);
