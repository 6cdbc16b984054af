import type { LoaderFunctionArgs } from "@remix-run/node";
import { personDownload } from "~/features/privacy/person-download.server";

/** Access export: everything held about a person as a readable, self-contained page to send them. */
export const loader = ({ request }: LoaderFunctionArgs) => personDownload(request, "html");
