import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import { ConfigError, type S3DocumentStore } from '../../config.js';
import { sha256Hex } from '../hash.js';
import type { BlobStore } from './blob-store.js';
import { DocumentStoreOutageLog, DocumentStoreUnavailable } from './document-store-unavailable.js';

const HASH = /^[0-9a-f]{64}$/;
/** Fail over to a retry quickly when a connection cannot be made, instead of waiting on the OS. */
const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * A request whose socket stays idle this long (nothing sent, nothing received) is abandoned and
 * retried: S3 answers in well under a second, and a body being sent or received is not idle.
 */
const SOCKET_IDLE_TIMEOUT_MS = 5_000;
/**
 * Tries of one operation (S3's 5xx, time-outs and network errors are retried with jittered back-off):
 * with the idle time-out, a store that stopped answering fails a request within about 16 s.
 */
const MAX_ATTEMPTS = 3;

const createS3Client = (store: S3DocumentStore): S3Client => {
  // The SDK warns on every start that its releases after January 2027 need Node 22: a matter for
  // whoever upgrades the locked SDK, not for the operator's logs. An explicit setting is kept.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: store.region,
    ...(store.endpoint ? { endpoint: store.endpoint, forcePathStyle: true } : {}),
    ...(store.credentials ? { credentials: store.credentials } : {}),
    // Checksums only where S3 requires them: newer SDKs otherwise frame streamed bodies as
    // aws-chunked, which several S3-compatible servers store verbatim. Every put carries its
    // SHA-256 anyway (below), which S3 checks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // `socketTimeout` is the idle time-out; the SDK's `requestTimeout` only warns unless told to throw.
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
    maxAttempts: MAX_ATTEMPTS,
  });
};

const statusOf = (error: unknown): number | undefined => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
/** The object is not there; a bucket that is gone is an error (a HEAD's answer has no body to tell the two apart). */
const isMissing = (error: unknown): boolean => statusOf(error) === 404 && (error as Error).name !== 'NoSuchBucket';

/**
 * Blobs as objects `<prefix>/<sha[0..2]>/<sha>` of one bucket, shared by every process. An object's
 * write time is its LastModified, set by the S3 server (to the second) on every put, so a put of
 * existing bytes renews it.
 */
export const s3BlobStore = (store: S3DocumentStore, logger?: Logger): BlobStore => {
  const client = createS3Client(store);
  const base = store.prefix ? `${store.prefix}/` : '';
  const keyOf = (sha: string) => `${base}${sha.slice(0, 2)}/${sha}`;
  const object = (sha: string) => ({ Bucket: store.bucket, Key: keyOf(sha) });
  const outage = new DocumentStoreOutageLog(logger, `The S3 document store s3://${store.bucket}`);
  /**
   * One operation once the client gave up retrying it: a missing object is an answer (the caller's
   * to read), any other failure (5xx, time-out, network, refused access) makes the store unavailable.
   */
  const reached = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      const result = await operation();
      outage.answered();
      return result;
    } catch (error) {
      if (isMissing(error)) {
        outage.answered();
        throw error;
      }
      outage.failed(error);
      throw new DocumentStoreUnavailable();
    }
  };
  /** When the object was last written; undefined when there is none. */
  const writtenAt = async (sha: string): Promise<Date | undefined> => {
    try {
      return (await reached(() => client.send(new HeadObjectCommand(object(sha))))).LastModified;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    put: async (bytes) => {
      const sha = sha256Hex(bytes);
      await reached(() =>
        client.send(
          new PutObjectCommand({
            ...object(sha),
            Body: bytes,
            ContentType: 'application/octet-stream',
            ChecksumSHA256: Buffer.from(sha, 'hex').toString('base64'),
          }),
        ),
      );
      return sha;
    },
    // A missing object is undefined; any other failure (network, permissions) is an error, never "removed".
    get: async (sha) => {
      try {
        return await reached(async () => (await client.send(new GetObjectCommand(object(sha)))).Body?.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    delete: async (sha) => {
      await reached(() => client.send(new DeleteObjectCommand(object(sha))));
    },
    // ListObjects (v1) paged by marker: every S3-compatible server pages it, while some (s3rver among
    // them) fail to produce ListObjectsV2 continuation tokens.
    listWrittenBefore: async (cutoff) => {
      const hashes: string[] = [];
      let marker: string | undefined;
      do {
        const page = await reached(() => client.send(new ListObjectsCommand({ Bucket: store.bucket, Prefix: base, Marker: marker })));
        const objects = page.Contents ?? [];
        for (const { Key, LastModified } of objects) {
          const sha = Key?.slice(base.length + 3);
          if (!sha || !HASH.test(sha) || Key !== keyOf(sha)) continue;
          if (LastModified && LastModified.getTime() < cutoff.getTime()) hashes.push(sha);
        }
        marker = page.IsTruncated ? objects.at(-1)?.Key : undefined;
      } while (marker);
      return hashes;
    },
    /**
     * S3 offers no delete conditional on the write time that S3-compatible servers implement, so
     * this is a HEAD, then a DELETE: a put of the same bytes landing between the two (one round
     * trip) is deleted with them. docs/contributing/architecture.md "Documents" states the bound; the fs store has the same.
     */
    deleteIfWrittenBefore: async (sha, cutoff) => {
      const time = await writtenAt(sha);
      if (time === undefined || time.getTime() >= cutoff.getTime()) return false;
      await reached(() => client.send(new DeleteObjectCommand(object(sha))));
      return true;
    },
  };
};

const reasonOf = (error: unknown, store: S3DocumentStore): string => {
  const where = store.endpoint ? `S3_ENDPOINT ${store.endpoint}` : `AWS S3 (S3_REGION ${store.region})`;
  if (error instanceof Error && error.name === 'CredentialsProviderError') {
    return 'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give the process an AWS role';
  }
  switch (statusOf(error)) {
    case 404:
      return `the bucket "${store.bucket}" does not exist at ${where}`;
    case 400:
    case 401:
    case 403:
      return `${where} refused access to the bucket "${store.bucket}": check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`;
    case 301:
      return `the bucket "${store.bucket}" is in another region than S3_REGION ${store.region}`;
    case undefined:
      return `${where} cannot be reached (${error instanceof Error ? error.message : String(error)})`;
    default:
      return `${where} answered ${statusOf(error)} to a check of the bucket "${store.bucket}"`;
  }
};

/** Checks at start that the bucket exists and the credentials may use it: a bad setting stops the start with one line. */
export const checkS3Bucket = async (store: S3DocumentStore): Promise<void> => {
  const client = createS3Client(store);
  try {
    await client.send(new HeadBucketCommand({ Bucket: store.bucket }));
  } catch (error) {
    const name = `s3://${store.bucket}${store.prefix ? `/${store.prefix}` : ''}`;
    throw new ConfigError('DOCUMENT_STORE', `${name} cannot be used: ${reasonOf(error, store)}`);
  } finally {
    client.destroy();
  }
};
