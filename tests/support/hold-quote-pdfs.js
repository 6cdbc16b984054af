// Loaded into a test server (`--import`, through `startTestServer`'s `imports`), in each of its
// threads: while the folder QUOTE_PDF_HOLD_DIR holds no file named "release", every PDF PDFKit is
// asked to finish waits, after writing a file "held-<thread>-<n>" there to say so; the test puts
// "release" back to let them all finish. So a test knows a drawing is under way, and keeps it so,
// without depending on how long drawing takes.
import fs from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import PDFDocument from "pdfkit";

const folder = process.env.QUOTE_PDF_HOLD_DIR;

if (folder) {
  const release = path.join(folder, "release");
  const end = PDFDocument.prototype.end;
  let held = 0;
  PDFDocument.prototype.end = function endWhenReleased() {
    if (fs.existsSync(release)) return end.call(this);
    held += 1;
    fs.writeFileSync(path.join(folder, `held-${threadId}-${held}`), "");
    const waiting = setInterval(() => {
      if (!fs.existsSync(release)) return;
      clearInterval(waiting);
      end.call(this);
    }, 20);
  };
}
