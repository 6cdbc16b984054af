import { staticPart } from "~/ui/static-part";
import * as rendered from "./mobile-plans-block-part.server";

// The Business Mobiles page's services block is words and an image, with nothing to do in the
// browser: it keeps the server's HTML and downloads its code only if that HTML goes out of date
// (see `staticPart`, decision 002), which keeps the page's first-load JavaScript within its goal.
export const MobilePlansBlock = staticPart("mobile-plans-block", rendered.MobilePlansBlock, () =>
  import("./mobile-plans-block").then((part) => part.MobilePlansBlock),
);
