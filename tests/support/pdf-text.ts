// A PDF read back from its bytes with PDF.js, as a reader would copy its text: each page's text
// runs, and its lines (runs sharing a baseline, left to right, joined by a space).
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  width: number;
  height: number;
  runs: TextRun[];
  lines: string[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  // PDF.js takes the buffer over; give it a copy so the caller's bytes stay readable.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      const runs: TextRun[] = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        runs.push({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height });
      }
      const baselines = new Map<number, TextRun[]>();
      for (const run of runs) {
        const key = Math.round(run.y);
        baselines.set(key, [...(baselines.get(key) ?? []), run]);
      }
      const lines = [...baselines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, onLine]) =>
          onLine
            .sort((a, b) => a.x - b.x)
            .map((run) => run.text.trim())
            .join(" "),
        );
      pages.push({ width: width!, height: height!, runs, lines });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
