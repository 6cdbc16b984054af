// Erasing one person among 100,000 leads (a person's erasure request, the Data protection screen):
// the time of the erase POST, from sending to the redirect back, for 20 different people. Some
// leads have notes, quotes, emails and webhooks in the outbox and audit entries, as a working
// database does; the erasure finds the person in every table, anonymises them in one transaction
// and empties SQLite's write-ahead log, all inside the timed request.
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { loadAverage, printGoals, printTable, signInAs } from "./measure.js";
import { seedLeadRows, seedLeads } from "./seed-leads.js";

export const name = "erasure";

const LEADS = 100_000;
const ERASURES = 20;
const OWNER = { email: "bench@clearlinebusiness.co.uk", password: "benchmark-password-1" };
const GOAL_MS = 200;

/** Notes on every 10th lead, a quote on every 50th, an email in the outbox for every 5th, an audit entry for every 2nd. */
function seedRecords(databaseFile) {
  const db = new SQLite(databaseFile);
  db.pragma("journal_mode = WAL");
  const now = new Date().toISOString();
  const leads = db.prepare("SELECT id, email, firstName, lastName, reference FROM leads ORDER BY id").all();
  const note = db.prepare("INSERT INTO leadActivity (leadId, kind, actorId, actorName, body, createdAt) VALUES (?, 'note', NULL, 'Bench Staff', ?, ?)");
  const quote = db.prepare(`INSERT INTO quotes (leadId, version, supersedesQuoteId, status, token, lines, totals, start, customerNote, internalMemo,
      validUntil, termsVersion, termsText, createdBy, createdAt, updatedAt, acceptedName)
    VALUES (?, 1, NULL, 'accepted', ?, '[]', '{}', ?, NULL, NULL, '2099-12-31', 'bench', 'Terms', NULL, ?, ?, ?)`);
  const outbox = db.prepare(
    "INSERT INTO outbox (kind, leadId, payload, attempts, nextAttemptAt, createdAt, deliveredAt) VALUES ('lead.confirmation-email', ?, ?, 1, NULL, ?, ?)",
  );
  const audit = db.prepare(
    "INSERT INTO auditLog (actorId, actorName, action, entityType, entityId, summary, createdAt) VALUES (NULL, 'Bench Staff', 'lead.note_added', 'lead', ?, ?, ?)",
  );
  db.transaction(() => {
    for (const lead of leads) {
      if (lead.id % 10 === 0) {
        note.run(lead.id, `Rang ${lead.firstName} ${lead.lastName}, call back Tuesday`, now);
        note.run(lead.id, "Sent the brochure", now);
      }
      if (lead.id % 50 === 0) quote.run(lead.id, `bench-token-${lead.id}`, now.slice(0, 10), now, now, `${lead.firstName} ${lead.lastName}`);
      if (lead.id % 5 === 0) {
        const payload = JSON.stringify({
          to: [lead.email],
          subject: `Your quote request ${lead.reference}`,
          text: `Hello ${lead.firstName}, thanks for your request.`,
        });
        outbox.run(lead.id, payload, now, now);
      }
      if (lead.id % 2 === 0) audit.run(String(lead.id), `Added a note to lead ${lead.reference}`, now);
    }
  })();
  const counts = {
    notes: db.prepare("SELECT count(*) AS n FROM leadActivity").get().n,
    quotes: db.prepare("SELECT count(*) AS n FROM quotes").get().n,
    outbox: db.prepare("SELECT count(*) AS n FROM outbox").get().n,
    audit: db.prepare("SELECT count(*) AS n FROM auditLog").get().n,
  };
  db.close();
  return counts;
}

export async function run({ startBuiltServer }) {
  const server = await startBuiltServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  try {
    const file = path.join(server.dataDir, "app.db");
    const seedStarted = performance.now();
    seedLeads(file, LEADS);
    const counts = seedRecords(file);
    console.log(
      `Seeded ${LEADS.toLocaleString("en-GB")} leads, ${counts.notes} notes, ${counts.quotes} quotes, ${counts.outbox} outbox rows and ${counts.audit} audit entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    console.log(`Load average at start: ${loadAverage()} (${os.cpus().length} cores)`);
    const cookie = await signInAs(server.url, OWNER);
    // People spread through the table, each with notes, a quote, an outbox copy and audit entries (every 50th lead).
    const people = seedLeadRows(LEADS)
      .map((row, index) => ({ ...row, id: index + 1 }))
      .filter((row) => row.id % 50 === 0)
      .filter((_, index, all) => index % Math.floor(all.length / ERASURES) === 0)
      .slice(0, ERASURES);
    const times = [];
    for (const person of people) {
      const query = new URLSearchParams({ email: person.email, phone: person.phoneNumber });
      const started = performance.now();
      const response = await fetch(`${server.url}/admin/data-protection/people/erase?${query}`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 302) throw new Error(`The erasure answered ${response.status}`);
    }
    const check = new SQLite(file, { readonly: true });
    const left = people.filter((person) => check.prepare("SELECT 1 FROM leads WHERE email = ?").get(person.email)).length;
    check.close();
    if (left > 0) throw new Error(`${left} people were not erased`);
    const phases = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"person.erased"'))
      .map((line) => JSON.parse(line));
    console.log(
      `In the server (ms, find / commit / with the log emptied): ${phases.map((phase) => `${phase.foundMs}/${phase.committedMs}/${phase.totalMs}`).join(", ")}`,
    );
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    const max = sorted.at(-1);
    printTable([{ erasures: times.length, "p50 ms": p50.toFixed(1), "max ms": max.toFixed(1), "first ms": times[0].toFixed(1) }]);
    printGoals([{ figure: "Erasing one person among 100,000 leads, max of 20 (ms)", measured: max.toFixed(1), goal: `< ${GOAL_MS}`, met: max < GOAL_MS }]);
  } finally {
    await server.stop();
  }
}
