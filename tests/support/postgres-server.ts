import pg from "pg";

/** Runs one statement on the Postgres server `postgresUrl` names (creating and dropping databases). */
export async function onPostgresServer(postgresUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the Postgres server `postgresUrl` names. */
export function postgresDatabaseUrl(postgresUrl: string, name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
