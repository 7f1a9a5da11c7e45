import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig, type S3DocumentStore } from '../../../src/config.js';
import type { BlobStore } from '../../../src/infra/blobs/blob-store.js';
import { s3BlobStore } from '../../../src/infra/blobs/s3-blob-store.js';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from '../../support/s3-server.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const someBytes = () => new Uint8Array(randomBytes(4096));
const PREFIX = 'tenant-a/documents';

const s3StoreConfig = (env: Record<string, string>): S3DocumentStore => {
  const store = loadConfig(env).documentStore;
  assert.equal(store.kind, 's3');
  return store;
};

describe('the S3 document store, against a real S3-protocol server', () => {
  let s3: S3TestServer;
  let store: BlobStore;
  let raw: S3Client;

  before(async () => {
    s3 = await startS3Server();
    store = s3BlobStore(s3StoreConfig(s3.env(PREFIX)));
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
    });
  });

  after(async () => {
    raw.destroy();
    await s3.close();
  });

  const keyOf = (sha: string) => `${PREFIX}/${sha.slice(0, 2)}/${sha}`;
  const lastModified = async (sha: string) =>
    (await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(sha) }))).LastModified!.getTime();
  const future = () => new Date(Date.now() + 60_000);

  it('stores the bytes under <prefix>/<sha[0..2]>/<sha> and reads back the same bytes', async () => {
    const bytes = someBytes();
    const sha = await store.put(bytes);
    assert.equal(sha, sha256(bytes));
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/${sha.slice(0, 2)}/` }));
    assert.deepEqual(
      listed.Contents?.map((object) => object.Key),
      [keyOf(sha)],
    );
    assert.deepEqual(await store.get(sha), bytes);
  });

  it('answers undefined for bytes it does not hold', async () => {
    assert.equal(await store.get(sha256(someBytes())), undefined);
  });

  it('fails a read it cannot make instead of answering undefined (a missing document would read as removed)', async () => {
    const unreachable = s3BlobStore({ ...s3StoreConfig(s3.env(PREFIX)), endpoint: 'http://127.0.0.1:1' });
    await assert.rejects(unreachable.get(sha256(someBytes())), { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it('deletes bytes, and deleting missing bytes is no error', async () => {
    const sha = await store.put(someBytes());
    await store.delete(sha);
    assert.equal(await store.get(sha), undefined);
    await store.delete(sha);
  });

  it('renews the write time when the same bytes are written again, so the grace period starts over', async () => {
    const bytes = someBytes();
    const sha = await store.put(bytes);
    const firstWrite = await lastModified(sha);
    // S3 keeps write times to the second: the second put must land in a later second than the first.
    await sleep(firstWrite + 1000 - Date.now());
    const between = new Date(firstWrite + 500);
    assert.ok((await store.listWrittenBefore(between)).includes(sha), 'written before the cutoff');

    await store.put(bytes);
    assert.ok((await lastModified(sha)) > firstWrite);
    assert.ok(!(await store.listWrittenBefore(between)).includes(sha), 'written again since');
    assert.equal(await store.deleteIfWrittenBefore(sha, between), false);
    assert.deepEqual(await store.get(sha), bytes);
  });

  it('deletes bytes last written before the cutoff, and keeps younger ones', async () => {
    const old = await store.put(someBytes());
    assert.equal(await store.deleteIfWrittenBefore(old, new Date(0)), false, 'written after the cutoff');
    assert.notEqual(await store.get(old), undefined);
    assert.equal(await store.deleteIfWrittenBefore(old, future()), true);
    assert.equal(await store.get(old), undefined);
    assert.equal(await store.deleteIfWrittenBefore(old, future()), false, 'nothing left to delete');
  });

  it('lists only its own blobs: not objects outside the prefix or not named like a blob', async () => {
    const sha = await store.put(someBytes());
    const foreign = sha256(someBytes());
    for (const key of [`elsewhere/${foreign.slice(0, 2)}/${foreign}`, `${PREFIX}/notes.txt`, `${PREFIX}/00/${foreign}`]) {
      await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'not a blob' }));
    }
    const listed = await store.listWrittenBefore(future());
    assert.ok(listed.includes(sha));
    assert.ok(!listed.includes(foreign));
    assert.ok(listed.every((hash) => /^[0-9a-f]{64}$/.test(hash)));
  });

  it('lists every blob of a store holding more than one page (1,000 objects) of them', async () => {
    const paged = s3BlobStore(s3StoreConfig(s3.env('paged')));
    const written = new Set<string>();
    for (let batch = 0; batch < 21; batch++) {
      const hashes = await Promise.all(Array.from({ length: 50 }, () => paged.put(someBytes())));
      for (const hash of hashes) written.add(hash);
    }
    const listed = await paged.listWrittenBefore(future());
    assert.equal(listed.length, written.size);
    assert.deepEqual(new Set(listed), written);
  });
});
