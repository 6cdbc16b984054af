import { sql, type Kysely } from "kysely";
import type { Database } from "~/platform/database-types";
import { productTableNames } from "./database";
import { pngBytes, SVG_IMAGE } from "./images";
import { testDatabaseKind } from "./server";

/**
 * Malformed input of every kind, shared by the tests that send it: query
 * strings, path ids, form, JSON and multipart bodies. Each probe is a
 * ready-to-send piece; the tests say where it goes and what must not happen.
 */

export const HUGE = "x".repeat(10_000);
const DEEP_JSON = `${"[".repeat(5000)}${"]".repeat(5000)}`;
/** `{"a":"<invalid UTF-8>"}` */
const BAD_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);

/**
 * Values for one query parameter, already percent-encoded as they go on the
 * wire (some are deliberately broken encodings).
 */
export const QUERY_VALUES: { name: string; raw: string }[] = [
  { name: "NUL and quotes", raw: "%00%27%22" },
  { name: "10,000 characters", raw: HUGE },
  { name: "empty", raw: "" },
  { name: "-1", raw: "-1" },
  { name: "1e309", raw: "1e309" },
  { name: "NaN", raw: "NaN" },
  { name: "20 digits", raw: "99999999999999999999" },
  { name: "an unknown enum value", raw: "definitely-not-a-choice" },
  { name: "a bad date", raw: "2025-13-45T25%3A61%3A00Z" },
  { name: "__proto__", raw: "__proto__" },
  { name: "unicode, RTL and emoji", raw: encodeURIComponent("\u202Egnp.exe\u200F 🙂👩🏽‍💻 𝕏 ﷽ Ünïcödé") },
  { name: "broken percent-encoding", raw: "%E0%A4%A" },
  { name: "a lone percent", raw: "%" },
  { name: "percent garbage", raw: "%zz%FF%FE%C0%AF" },
  { name: "search syntax", raw: encodeURIComponent('"unterminated OR a* NOT (b NEAR/2 c) col:val ^x -') },
  { name: "SQL", raw: encodeURIComponent("' OR 1=1 --; DROP TABLE leads;") },
  { name: "LIKE wildcards", raw: encodeURIComponent("%_\\%") },
  { name: "a header break", raw: "%0d%0aSet-Cookie:%20x=1" },
  { name: "a script", raw: encodeURIComponent('<script>alert(1)</script>"><img src=x onerror=alert(1)>') },
];

/**
 * Whole query strings (after the `?`) for a route reading `params`: each value
 * in every parameter at once, then each parameter alone huge, twice, as an
 * array or object, and without a value; and names no route reads. A route
 * that refuses the caller before reading its query gets only a sample (`sample`).
 */
export function queryProbes(params: string[], options: { sample?: boolean } = {}): { name: string; query: string }[] {
  const every = (raw: string) => params.map((param) => `${param}=${raw}`).join("&");
  const generic = [
    { name: "an unknown parameter", query: "sort=__proto__&order=-1&owner=%00&from=2025-02-30&to=NaN" },
    { name: "a prototype parameter", query: "__proto__[isAdmin]=1&constructor[prototype][x]=1" },
    { name: "broken names", query: "%E0%A4%A=1&%=2&&&=&==" },
    { name: "a 10,000-character query", query: `x=${HUGE}` },
  ];
  if (params.length === 0) return generic;
  if (options.sample) return [{ name: "every parameter nasty", query: every("%00%27%22%E0%A4%A") }, ...generic];
  return [
    // A 10,000-character value goes in one parameter at a time: all at once would pass the server's header limit.
    ...QUERY_VALUES.filter((value) => value.raw !== HUGE).map((value) => ({ name: `every parameter ${value.name}`, query: every(value.raw) })),
    ...params.flatMap((param) => [
      { name: `${param} 10,000 characters`, query: `${param}=${HUGE}` },
      { name: `${param} twice`, query: `${param}=1&${param}=2` },
      { name: `${param}[] as an array`, query: `${param}[]=1&${param}[]=2` },
      { name: `${param}[key] as an object`, query: `${param}[__proto__]=1&${param}[a]=b` },
      { name: `${param} without a value`, query: param },
    ]),
    ...generic,
  ];
}

/** A path segment that cannot be decoded: refused (400) before any route runs. */
export const UNDECODABLE_ID = "%E0%A4%A";

/** Path segments that name no record. */
export const GARBAGE_IDS = ["-1", "1e309", "%00%27%22", UNDECODABLE_ID, "__proto__", "99999999999999999999", encodeURIComponent("🙂"), "x".repeat(2000)];

export interface BodyProbe {
  name: string;
  contentType?: string;
  body: string | Buffer;
}

export type BodyKind = "json" | "form" | "multipart" | "none";

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

export const encodeForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const everyField = <Value>(fields: string[], value: Value): Record<string, Value> => Object.fromEntries(fields.map((field) => [field, value]));

/** Bodies any write may get, whatever it reads. */
function commonBodyProbes(kind: BodyKind, fields: string[]): BodyProbe[] {
  return [
    { name: "bad UTF-8 bytes", contentType: kind === "json" ? JSON_TYPE : FORM_TYPE, body: BAD_UTF8 },
    { name: "no content type", body: "teamSize=10%2B&email=a%40b.co" },
    { name: "text/plain", contentType: "text/plain", body: "hello" },
    { name: "multipart without a boundary", contentType: "multipart/form-data", body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
    { name: "multipart cut off", contentType: "multipart/form-data; boundary=cut", body: '--cut\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf' },
    {
      name: "multipart with garbage",
      contentType: "multipart/form-data; boundary=zz",
      body: Buffer.from([0x2d, 0x2d, 0x7a, 0x7a, 0x0d, 0x0a, 0xff, 0x00, 0xfe]),
    },
    {
      name: "JSON where a form is expected, or the reverse",
      contentType: kind === "json" ? FORM_TYPE : JSON_TYPE,
      body: kind === "json" ? encodeForm(everyField(fields, "a")) : JSON.stringify(everyField(fields, "a")),
    },
    { name: "an empty body", contentType: kind === "json" ? JSON_TYPE : FORM_TYPE, body: "" },
  ];
}

/**
 * The malformed bodies for a write reading `fields`. `valid` is a form that
 * would pass, when there is one: each of its fields is then broken in turn
 * (missing, huge, a NUL, twice, as an array) with the others left valid.
 * A write that refuses the caller before reading the body gets only a sample
 * (`sample`), as does one that reads none.
 */
export function bodyProbes(kind: BodyKind, fields: string[], valid?: Record<string, string>, options: { sample?: boolean } = {}): BodyProbe[] {
  const common = commonBodyProbes(kind, fields);
  if (kind === "none" || options.sample) {
    return [
      ...common.filter((probe) => probe.name === "bad UTF-8 bytes" || probe.name === "multipart with garbage"),
      { name: "a body over the form limit", contentType: FORM_TYPE, body: `a=${"x".repeat(70 * 1024)}` },
      { name: "an unknown intent", contentType: FORM_TYPE, body: "intent=__proto__&intent=drop-everything" },
    ];
  }
  if (kind === "json") {
    return [
      ...common,
      ...[null, [], 1, "text", true].map((value) => ({ name: `the body ${JSON.stringify(value)}`, contentType: JSON_TYPE, body: JSON.stringify(value) })),
      ...[12345, ["a"], { nested: true }, null, false, HUGE, "\u0000", "   "].map((value) => ({
        name: `every field ${typeof value === "string" ? `a string of ${value.length}` : JSON.stringify(value)}`,
        contentType: JSON_TYPE,
        body: JSON.stringify(everyField(fields, value)),
      })),
      { name: "deeply nested JSON", contentType: JSON_TYPE, body: DEEP_JSON },
      { name: "JSON cut off", contentType: JSON_TYPE, body: '{"email": "a@b.co", "teamSize": ' },
      { name: "duplicate keys", contentType: JSON_TYPE, body: `{${fields.map((field) => `"${field}": "one", "${field}": 2`).join(", ")}}` },
      { name: "a prototype key", contentType: JSON_TYPE, body: '{"__proto__": {"role": "super_admin"}, "constructor": {"prototype": {}}}' },
    ];
  }
  if (kind === "form") {
    return [
      ...common,
      { name: "every field huge", contentType: FORM_TYPE, body: encodeForm(everyField(fields, HUGE)) },
      { name: "every field a NUL", contentType: FORM_TYPE, body: encodeForm(everyField(fields, "\u0000")) },
      { name: "duplicate fields", contentType: FORM_TYPE, body: fields.map((field) => `${field}=one&${field}=${encodeURIComponent(HUGE)}`).join("&") },
      { name: "broken percent-encoding", contentType: FORM_TYPE, body: fields.map((field) => `${field}=%FF%FE%E0%80%zz`).join("&") },
      { name: "field names only", contentType: FORM_TYPE, body: fields.join("&") },
      { name: "an unknown intent", contentType: FORM_TYPE, body: "intent=__proto__&intent=drop-everything" },
      { name: "prototype field names", contentType: FORM_TYPE, body: "__proto__=x&constructor=y&__proto__[role]=super_admin" },
      ...(valid ? oneFieldBroken(valid) : []),
    ];
  }
  return [
    ...common,
    {
      name: "a file part with no file name",
      contentType: "multipart/form-data; boundary=b",
      body: '--b\r\nContent-Disposition: form-data; name="image"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--b--\r\n',
    },
    {
      name: "two file parts and a huge location",
      contentType: "multipart/form-data; boundary=b",
      body: `--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot a png\r\n--b\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\n\r\nnope\r\n--b\r\nContent-Disposition: form-data; name="location"\r\n\r\n${HUGE}\r\n--b--\r\n`,
    },
    ...IMAGE_UPLOADS,
    {
      name: "a text part where the file goes",
      contentType: "multipart/form-data; boundary=b",
      body: '--b\r\nContent-Disposition: form-data; name="image"\r\n\r\n../../etc/passwd\r\n--b\r\nContent-Disposition: form-data; name="location"\r\n\r\n__proto__\r\n--b--\r\n',
    },
  ];
}

/** A multipart form of `parts`: text fields, or a file part (with its own name and type). */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): BodyProbe["body"] {
  const chunks = parts.flatMap(({ name, value, filename, type }) => [
    Buffer.from(`--b\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n`),
    Buffer.from(type ? `Content-Type: ${type}\r\n\r\n` : "\r\n"),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
  return Buffer.concat([...chunks, Buffer.from("--b--\r\n")]);
}

/** Real images with everything around them wrong: where they go, how they are named and described. */
const IMAGE_UPLOADS: BodyProbe[] = [
  {
    name: "an image named to climb out of the upload folder, for an unknown place",
    parts: [
      { name: "image", value: pngBytes(), filename: "../../../etc/passwd\u0000.png", type: "image/png" },
      { name: "location", value: "__proto__" },
    ],
  },
  {
    name: "an image with a Windows path, RTL and emoji in its name, and a huge description",
    parts: [
      { name: "image", value: pngBytes(), filename: `..\\..\\\u202Egnp.exe 🙂${"n".repeat(300)}.png`, type: "image/png" },
      { name: "location", value: "general" },
      { name: "description", value: HUGE },
    ],
  },
  {
    name: "an image whose description holds a NUL and markup",
    parts: [
      { name: "image", value: pngBytes(), filename: "office.png", type: "image/png" },
      { name: "location", value: "general" },
      { name: "location", value: "about-us" },
      { name: "description", value: '\u0000<script>alert(1)</script>"' },
    ],
  },
  {
    name: "an SVG with a script sent as a PNG",
    parts: [
      { name: "image", value: SVG_IMAGE, filename: "logo.png", type: "image/png" },
      { name: "location", value: "general" },
    ],
  },
].map(({ name, parts }) => ({ name, contentType: "multipart/form-data; boundary=b", body: multipart(parts) }));

/** A valid form with one field at a time missing, huge, a NUL, sent twice, or sent as an array. */
function oneFieldBroken(valid: Record<string, string>): BodyProbe[] {
  const send = (name: string, body: string): BodyProbe => ({ name, contentType: FORM_TYPE, body });
  const others = (field: string) => Object.entries(valid).filter(([name]) => name !== field);
  const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
  return Object.keys(valid).flatMap((field) => [
    send(`${field} missing`, form(others(field))),
    send(`${field} huge`, form([...others(field), [field, HUGE]])),
    send(`${field} a NUL`, form([...others(field), [field, "\u0000"]])),
    send(`${field} twice`, form([...others(field), [field, valid[field]], [field, "__proto__"]])),
    send(`${field} a path elsewhere`, form([...others(field), [field, "/\\evil.example/%2F.."]])),
    send(`${field} as an array`, form([...others(field), [`${field}[]`, valid[field]], [`${field}[]`, "-1"]])),
  ]);
}

/** Every product row, table by table, rows as sorted JSON text (some tables have no rowid to order by). */
export type RowSnapshot = Map<string, string[]>;

/**
 * The rows a refusal must leave alone: every product table but sign-in sessions
 * and the shared rate-limit windows (a refused request still counts against its limit).
 */
export async function productRows(db: Kysely<Database>): Promise<RowSnapshot> {
  const names = (await productTableNames(db)).filter((name) => name !== "sessions" && name !== "rateLimitWindows");
  const tables = await Promise.all(
    names.map(async (name) => [name, (await sql`SELECT * FROM ${sql.table(name)}`.execute(db)).rows.map((row) => JSON.stringify(row)).sort()] as const),
  );
  return new Map(tables);
}

/**
 * The tables whose rows differ, as "table: +added -removed". `tolerate` names
 * tables that may change, and `auditEntries` how many audit-log rows may be
 * added (nothing else of the audit log may change). A temporary password
 * waiting for its super admin is shown on the Users screen once, and goes as
 * it is shown: a refusal that shows that screen again may take it away.
 */
export function changedTables(before: RowSnapshot, after: RowSnapshot, options: { tolerate?: string[]; auditEntries?: number } = {}): string[] {
  const changes: string[] = [];
  for (const [name, rows] of after) {
    if (options.tolerate?.includes(name)) continue;
    const earlier = new Set(before.get(name) ?? []);
    const now = new Set(rows);
    const added = rows.filter((row) => !earlier.has(row));
    const removed = [...earlier].filter((row) => !now.has(row));
    if (name === "auditLog" && removed.length === 0 && added.length <= (options.auditEntries ?? 0)) continue;
    if (name === "temporaryPasswordNotices" && added.length === 0) continue;
    if (added.length || removed.length) changes.push(`${name}: +${added.length} -${removed.length} ${added[0]?.slice(0, 160) ?? removed[0]?.slice(0, 160)}`);
  }
  return changes;
}

/**
 * The product rows, watched across a run of requests: `changes()` gives what
 * changed since it was last asked. On SQLite a probe that changed nothing is
 * told apart without reading every table again: the database file's
 * data_version moves only when another connection (the server) commits.
 */
export class RowWatch {
  private constructor(
    private readonly db: Kysely<Database>,
    private rows: RowSnapshot,
    private version: number | null,
  ) {}

  static async start(db: Kysely<Database>): Promise<RowWatch> {
    const version = await dataVersion(db);
    return new RowWatch(db, await productRows(db), version);
  }

  /** Takes the rows as they are now as the starting point: after the test itself has arranged some. */
  async reset(): Promise<void> {
    this.version = await dataVersion(this.db);
    this.rows = await productRows(this.db);
  }

  /** What changed since the start, the last reset or the last call (see changedTables). */
  async changes(options: Parameters<typeof changedTables>[2] = {}): Promise<string[]> {
    const version = await dataVersion(this.db);
    if (version !== null && version === this.version) return [];
    const rows = await productRows(this.db);
    const changes = changedTables(this.rows, rows, options);
    [this.rows, this.version] = [rows, version];
    return changes;
  }
}

/** SQLite's count of commits by other connections; null on Postgres, which has none. */
async function dataVersion(db: Kysely<Database>): Promise<number | null> {
  if (testDatabaseKind === "postgres") return null;
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
  return rows[0].data_version;
}

/** Text a caller must never see: a stack trace or a database's or runtime's own error. */
export const LEAKED_ERROR = /\bat .+\.(js|ts):\d+|SqliteError|TypeError:|syntax error at or near/;

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
export async function inPool<Item, Result>(items: Item[], limit: number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}
