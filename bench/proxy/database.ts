// A fresh PostgreSQL database for a bench variant: made anew (dropped first, if an earlier run left it), dropped at the end.
import pg from 'pg';

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The new database's URL (the admin URL with its name), and how to drop it. */
export async function freshDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await asAdmin(adminUrl, `drop database if exists ${name} with (force)`);
  await asAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
