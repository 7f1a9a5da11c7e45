import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config.js';

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

/** A fresh, empty database of the kind, as the service's configuration names one, and how to drop it. */
export const freshDatabaseConfig = async (kind: TestDatabase): Promise<{ config: Config['database']; drop(): Promise<void> }> => {
  if (kind === 'postgres') {
    const database = await createPostgresDatabase();
    return { config: { kind, url: database.url } as Config['database'], drop: database.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'countersign-db-'));
  return {
    config: { kind, file: join(dir, 'countersign.sqlite') } as Config['database'],
    drop: async () => rmSync(dir, { recursive: true }),
  };
};
