// Loaded into a test server (`--import`, through `startTestServer`'s `imports`), before the app:
// while the folder PASSWORD_HASH_HOLD_DIR holds no file named "release", every scrypt hash the
// server starts (a password checked or stored) waits, after writing a file "held-<n>" there to say
// so; the test puts "release" back to let them all finish. So a test knows which password checks
// are under way, and keeps them so, without depending on how long a hash takes. The app reads
// node:crypto's scrypt once as its module loads (app/platform/password.server.ts), after this.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const folder = process.env.PASSWORD_HASH_HOLD_DIR;

if (folder) {
  const release = path.join(folder, "release");
  const scrypt = crypto.scrypt;
  let held = 0;
  crypto.scrypt = function scryptWhenReleased(...args) {
    if (fs.existsSync(release)) return scrypt.apply(this, args);
    held += 1;
    fs.writeFileSync(path.join(folder, `held-${held}`), "");
    const waiting = setInterval(() => {
      if (!fs.existsSync(release)) return;
      clearInterval(waiting);
      scrypt.apply(this, args);
    }, 20);
  };
}
