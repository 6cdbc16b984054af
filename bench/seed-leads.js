// Fills a database with realistic leads, fast (one transaction, prepared insert).
// Used by the benchmarks; also handy by hand: node bench/seed-leads.js data/app.db 1000
import SQLite from "better-sqlite3";

const FIRST = ["Sam", "Priya", "James", "Olivia", "Mohammed", "Emma", "Oliver", "Amelia", "Harry", "Isla", "Jack", "Ava", "George", "Mia", "Noah", "Sophie"];
const LAST = [
  "Patel",
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Khan",
  "Evans",
  "Thomas",
  "Roberts",
  "Walker",
  "Wright",
  "Hughes",
  "Green",
  "Hall",
];
const TRADES = [
  "Plumbing",
  "Builders",
  "Accountants",
  "Florist",
  "Dental Care",
  "Logistics",
  "Architects",
  "Bakery",
  "Motors",
  "Electrical",
  "Cleaning",
  "Legal",
  "Studio",
  "Estates",
  "Catering",
  "Joinery",
];
const TOWNS = ["Leeds", "York", "Bradford", "Harrogate", "Wakefield", "Halifax", "Sheffield", "Hull", "Manchester", "Bristol"];
const TEAM_SIZES = ["1 - 2", "3 - 4", "5 - 9", "10+"];
const EXPIRIES = ["Out of contract", "Under 3 months", "3 Months+", "Not sure"];
const TYPES = ["Sole trader", "Partnership", "LTD company", "Other"];
const STATUSES = ["new", "new", "new", "contacted", "qualified", "converted", "lost"];

const pick = (list, n) => list[n % list.length];

/**
 * The leads themselves, as rows of the `leads` table: the same for any database.
 * @returns {Array<Record<string, string>>}
 */
export function seedLeadRows(count, { startNumber = 0 } = {}) {
  const start = Date.now() - count * 60_000;
  return Array.from({ length: count }, (_, index) => {
    const n = startNumber + index;
    const first = pick(FIRST, n * 7);
    const last = pick(LAST, n * 13);
    const business = `${pick(LAST, n * 3)} ${pick(TRADES, n * 5)} ${pick(TOWNS, n)}`;
    const createdAt = new Date(start + index * 60_000).toISOString();
    return {
      reference: `SED-${2026}-${String(n).padStart(7, "0")}`,
      status: pick(STATUSES, n * 11),
      teamSize: pick(TEAM_SIZES, n),
      contractExpiry: pick(EXPIRIES, n * 3),
      businessType: pick(TYPES, n * 5),
      businessName: `${business} Ltd`,
      postcode: `LS${(n % 28) + 1} ${n % 10}AB`,
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${n}@example.co.uk`.toLowerCase(),
      phoneNumber: `07700 ${String(900000 + (n % 100000)).slice(-6)}`,
      sourcePage: "/",
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Into a SQLite file, in one transaction with a prepared insert. */
export function seedLeads(databaseFile, count, options = {}) {
  const db = new SQLite(databaseFile);
  db.pragma("journal_mode = WAL");
  const insert =
    db.prepare(`INSERT INTO leads (reference, status, teamSize, contractExpiry, businessType, businessName, postcode, firstName, lastName, email, phoneNumber, sourcePage, createdAt, updatedAt)
    VALUES (@reference, @status, @teamSize, @contractExpiry, @businessType, @businessName, @postcode, @firstName, @lastName, @email, @phoneNumber, @sourcePage, @createdAt, @updatedAt)`);
  const rows = seedLeadRows(count, options);
  db.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  db.close();
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error("Usage: node bench/seed-leads.js <app.db> [count]");
  seedLeads(file, Number(count ?? 1000));
  console.log(`Seeded ${count ?? 1000} leads into ${file}`);
}
