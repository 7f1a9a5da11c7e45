import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver knows (it checks the access key id; it does not verify v4 signatures). */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3TestServer {
  /** `http://127.0.0.1:PORT`, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** The service environment that stores documents in the bucket, under `prefix` when given. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on loopback, on a free port, with one empty bucket, kept in a temporary directory. */
export const startS3Server = async (bucket = 'countersign-test'): Promise<S3TestServer> => {
  const directory = await mkdtemp(join(tmpdir(), 'countersign-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      DOCUMENT_STORE: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      ...S3_TEST_CREDENTIALS,
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

/** A stored document's bytes read from the bucket itself (not through the service), at the store's key; undefined when there is none. */
export const objectInBucket = async (client: S3Client, bucket: string, prefix: string, sha: string): Promise<Uint8Array | undefined> => {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}/${sha.slice(0, 2)}/${sha}` }));
    return await object.Body?.transformToByteArray();
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
};
