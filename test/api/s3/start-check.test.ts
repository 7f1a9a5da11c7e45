import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startS3Server, type S3TestServer } from '../../support/s3-server.js';

/** `npm start` with `env` only, expected to stop: its exit code and what it wrote to stderr. */
const refusedStart = async (env: Record<string, string>): Promise<{ code: number | null; stderr: string; dataDir: string }> => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'countersign-s3-start-')), 'data');
  const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr, dataDir };
};

describe('a bad S3 document store stops the start with one line', () => {
  let s3: S3TestServer;
  before(async () => {
    s3 = await startS3Server();
  });
  after(async () => {
    await s3.close();
  });

  const assertRefused = async (env: Record<string, string>, reason: RegExp) => {
    const { code, stderr, dataDir } = await refusedStart(env);
    try {
      assert.equal(code, 1);
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, stderr);
      assert.match(lines[0]!, /^Configuration error: DOCUMENT_STORE s3:\/\/\S+ cannot be used: /);
      assert.match(lines[0]!, reason);
      assert.equal(existsSync(join(dataDir, 'countersign.db')), false, 'nothing is started or written before the check');
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  };

  it('names S3_ENDPOINT and the connection error when the endpoint cannot be reached', async () => {
    await assertRefused(
      { ...s3.env(), S3_ENDPOINT: 'http://127.0.0.1:1' },
      /S3_ENDPOINT http:\/\/127\.0\.0\.1:1 cannot be reached \(.*ECONNREFUSED.*\)$/,
    );
  });

  it('names the bucket when it does not exist', async () => {
    await assertRefused(
      { ...s3.env(), DOCUMENT_STORE: 's3://no-such-bucket/documents' },
      new RegExp(`s3://no-such-bucket/documents cannot be used: the bucket "no-such-bucket" does not exist at S3_ENDPOINT ${s3.endpoint}$`),
    );
  });

  it('names the credential variables when there are none', async () => {
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...withoutCredentials } = s3.env();
    // Nor any the SDK's default chain could find on this machine: no shared files, no instance metadata.
    const noDefaults = { AWS_SHARED_CREDENTIALS_FILE: '/nonexistent', AWS_CONFIG_FILE: '/nonexistent', AWS_EC2_METADATA_DISABLED: 'true' };
    await assertRefused(
      { ...withoutCredentials, ...noDefaults },
      /no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give the process an AWS role$/,
    );
  });

  it('names the credential variables when the server refuses them', async () => {
    await assertRefused(
      { ...s3.env(), AWS_ACCESS_KEY_ID: 'NOT-A-KEY' },
      new RegExp(
        `S3_ENDPOINT ${s3.endpoint} refused access to the bucket "${s3.bucket}": check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY$`,
      ),
    );
  });
});
