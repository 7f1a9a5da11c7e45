import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const onAdmin = async (adminUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A fresh, empty database for one benchmark run, on the server `adminUrl` points at. */
export const createScratchDatabase = async (adminUrl: string): Promise<ScratchDatabase> => {
  const name = `countersign_bench_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
