import { staticPart } from "~/ui/static-part";
import * as rendered from "./deal-list-part.server";

// The comparison's deal list has nothing to do in the browser: it keeps the server's HTML and
// downloads its code only if that HTML goes out of date (see `staticPart`, decision 002).
export const DealList = staticPart("deal-list", rendered.DealList, () => import("./deal-list").then((part) => part.DealList));
