import type { LoaderFunctionArgs } from "@remix-run/node";
import { personDownload } from "~/features/privacy/person-download.server";

/** Access export: everything held about a person as JSON, with purposes, sources, retention and recipients. */
export const loader = ({ request }: LoaderFunctionArgs) => personDownload(request, "json");
