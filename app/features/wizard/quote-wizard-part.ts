import { staticPart } from "~/ui/static-part";
import * as rendered from "./quote-wizard-part.server";

// The wizard works without its code (each step posts); the code loads when the visitor comes to it (decision 002).
export const QuoteWizard = staticPart("quote-wizard", rendered.QuoteWizard, () => import("./quote-wizard").then((part) => part.QuoteWizard), {
  wakeOn: "in-view",
});
