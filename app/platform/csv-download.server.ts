import { ukDay } from "~/lib/calendar";

/** A streamed CSV as a download named `{name}-YYYY-MM-DD.csv` (today in the UK). */
export function csvDownload(stream: ReadableStream<Uint8Array>, name: string, now = new Date()): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${ukDay(now)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
