import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sourceReportQuerySchema } from "~/features/reports";
import { sourcesReport } from "~/features/reports/index.server";
import { answerAdminJson, type AdminJsonRoute } from "~/features/staff/admin-json-route.server";
import { parseWithSchema } from "~/lib/form-submission";

/**
 * The Sources report as JSON (issue 41, staff who view the leads): `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD&group=source|source-medium|campaign`, the leads of the
 * period's UK days per group with the quotes sent and accepted. Bad input is 400 with field errors.
 */
const sources: AdminJsonRoute = {
  GET: {
    permission: "view",
    handle: async ({ request }) => {
      const parsed = parseWithSchema(sourceReportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return json({ error: "Invalid report", fieldErrors: parsed.fieldErrors }, { status: 400, headers: { "Cache-Control": "no-store" } });
      return sourcesReport(parsed.data);
    },
  },
};

export const loader = (args: LoaderFunctionArgs) => answerAdminJson(sources, args);
export const action = (args: ActionFunctionArgs) => answerAdminJson(sources, args);
