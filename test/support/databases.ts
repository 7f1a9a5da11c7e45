import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabase = 'sqlite' | 'postgres';

/** The API suites run on both databases; TEST_DATABASES=sqlite (or postgres) narrows that while developing. */
export const testDatabases: TestDatabase[] = (process.env.TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is TestDatabase => d === 'sqlite' || d === 'postgres');

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty PostgreSQL database for one test server; dropped again by the returned function. */
export const createPostgresDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `countersign_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};
