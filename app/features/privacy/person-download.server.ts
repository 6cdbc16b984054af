import { json } from "@remix-run/node";
import { personExportHtml } from "./person-export-page";
import { personSearchFromUrl } from "./person-schema";
import { exportPerson } from "./person-export.server";
import { requireDataProtectionUser } from "~/features/staff/index.server";
import { ukDay } from "~/lib/calendar";
import { ModelError } from "~/platform/model-error.server";

/**
 * The access export's downloads (JSON and a readable page) for admins: a bad or missing email / phone is a 400 with the field's message, a person erased with
 * nothing held since a 409 saying so; a download is never cached (it is a person's data).
 */
export async function personDownload(request: Request, format: "json" | "html"): Promise<Response> {
  const user = await requireDataProtectionUser(request);
  const answer = personSearchFromUrl(new URL(request.url));
  if (!answer.ok) return json({ fieldErrors: answer.fieldErrors }, { status: 400, headers: { "Cache-Control": "no-store" } });
  let data: Awaited<ReturnType<typeof exportPerson>>;
  try {
    data = await exportPerson(user, answer.search);
  } catch (error) {
    // Erased, with nothing held since: said in words, never an empty file.
    if (!(error instanceof ModelError)) throw error;
    return json({ error: error.message }, { status: error.status, headers: { "Cache-Control": "no-store" } });
  }
  const name = `personal-data-${ukDay(new Date())}.${format}`;
  const headers = { "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" };
  return format === "json"
    ? new Response(JSON.stringify(data, null, 2), { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } })
    : new Response(personExportHtml(data), { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
