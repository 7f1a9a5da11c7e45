import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { promisify } from 'node:util';
import { createPostgresDatabase, type TestDatabase } from './databases.js';

const exec = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `countersign <args>` as an operator does (`bin/countersign.js`, the compiled CLI), with `env`
 * on top of this process's environment. A non-zero exit is a result to assert on, not an exception.
 */
export const runCli = async (env: Record<string, string | undefined>, args: readonly string[]): Promise<CliRun> => {
  try {
    const { stdout, stderr } = await exec('node', ['bin/countersign.js', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

/**
 * An operator's environment for the enclosing suite: a fresh DATA_DIR and, on PostgreSQL, a fresh
 * database (DATABASE_URL), made in a `before` hook registered now (so it runs before the suite's own)
 * and removed after the suite. The suite adds its own variables (SMTP_URL, PUBLIC_URL) to the object.
 */
export const freshOperatorEnvironment = (database: TestDatabase): Record<string, string> => {
  const env: Record<string, string> = {};
  let dropDatabase: (() => Promise<void>) | undefined;
  before(async () => {
    Object.assign(env, { DATA_DIR: mkdtempSync(join(tmpdir(), 'countersign-cli-')), LOG_LEVEL: 'warn' });
    if (database === 'postgres') {
      const postgres = await createPostgresDatabase();
      env.DATABASE_URL = postgres.url;
      dropDatabase = postgres.drop;
    }
  });
  after(async () => {
    await dropDatabase?.();
    if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  });
  return env;
};
