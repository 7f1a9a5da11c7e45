import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import { AppError } from '../../domain/app-error.js';
import type { SignaturePagesTask } from './append-pages.js';
import type { CertificateInput } from './certificate-page.js';
import type { CompletionRecord, VerifyOptions, VerifyReport } from '@countersign/verify';
import type { EmbeddedFile } from './completion-record.js';
import type { AnchorMatch } from './find-anchors.js';
import type { InspectOptions, PageInfo, PdfInfo } from './intake.js';
import type * as tasks from './pdf-worker.js';
import type { FormFieldImport } from './read-form-fields.js';
import type { TextTagReading } from './find-text-tags.js';
import type { SigningIdentityOptions } from './signing-identity.js';
import type { ImageKind } from '../convert/document-kind.js';
import type { FieldStamp } from './stamp-fields.js';

export interface PdfPoolOptions {
  /** Worker threads (PDF_WORKERS). */
  threads: number;
  /** A task still running after this long is killed with its worker. */
  taskTimeoutMs?: number;
  /** A sealing task may run longer: it stamps, renders and signs a whole document, time-stamp included. */
  sealTimeoutMs?: number;
  /** Heap of each worker; a task that needs more is killed with its worker. */
  maxOldGenerationSizeMb?: number;
  /** An idle worker is let go after this long (PDF_WORKER_IDLE_SECONDS); the next task starts one again. */
  idleTimeoutMs?: number;
}

/** The pool's state at one moment: what the metrics scrape reads (docs/operations/metrics.md). */
export interface PdfPoolUsage {
  /** PDF_WORKERS: the most threads the pool starts. */
  maxWorkers: number;
  /** Threads running now: started on demand, let go when idle. */
  workers: number;
  /** Threads running a task now. */
  busy: number;
  /** Tasks waiting for a free thread. */
  queued: number;
}

export interface SealingOptions {
  identity: SigningIdentityOptions;
  tsaUrl?: string;
}

/** PDF work off the event loop (docs/operations/scaling.md "PDF workers"): every method runs in a worker thread. */
export interface PdfPool {
  /** docs/concepts/fields.md's checks of an uploaded document, and its pages. */
  inspect(bytes: Uint8Array, options?: InspectOptions): Promise<PdfInfo>;
  /** Occurrences of each text, at most `maxMatches + 1` each (one more than allowed shows the limit was passed). */
  findAnchors(bytes: Uint8Array, texts: string[], maxMatches: number): Promise<AnchorMatch[][]>;
  /** The document's form fields, at most `maxFields` widgets (else TOO_MANY_FIELDS), and its bytes without them. */
  importFormFields(bytes: Uint8Array, maxFields: number): Promise<FormFieldImport>;
  /** The document's text tags, at most `maxTags` (else TOO_MANY_FIELDS), and its bytes with them erased (docs/api/text-tags.md). */
  readTextTags(bytes: Uint8Array, maxTags: number): Promise<TextTagReading>;
  sealDocument(
    input: {
      original: Uint8Array;
      stamps: FieldStamp[];
      certificate: CertificateInput;
      record: CompletionRecord;
      attachments?: EmbeddedFile[];
    },
    sealing: SealingOptions,
  ): Promise<Uint8Array>;
  sealCertificate(
    input: { certificate: CertificateInput; record: CompletionRecord },
    sealing: SealingOptions,
  ): Promise<{ bytes: Uint8Array; pages: PageInfo[] }>;
  /** A one-page PDF of a PNG or JPEG image: a document converted from a picture (docs/api/conversion.md). */
  imagePdf(kind: ImageKind, bytes: Uint8Array): Promise<Uint8Array>;
  /** Signature pages appended to a document (signers given no field sign there), and its pages after. */
  appendSignaturePages(task: SignaturePagesTask): Promise<{ bytes: Uint8Array; pages: PageInfo[] }>;
  verify(bytes: Uint8Array, options?: VerifyOptions): Promise<VerifyReport>;
  readCompletionRecord(bytes: Uint8Array): Promise<CompletionRecord | undefined>;
  usage(): PdfPoolUsage;
  close(): Promise<void>;
}

type TaskName = Exclude<keyof typeof tasks, 'TaskResult'>;
type TaskOf<N extends TaskName> = Parameters<(typeof tasks)[N]>[0];
type ValueOf<N extends TaskName> = Awaited<ReturnType<(typeof tasks)[N]>> extends tasks.TaskResult<infer T> ? T : never;

const DEFAULT_TASK_TIMEOUT_MS = 30_000;
const DEFAULT_SEAL_TIMEOUT_MS = 120_000;
/** Enough for a 25 MB, 500-page document parsed and saved; a hostile one is stopped here instead of in the process. */
const DEFAULT_MAX_OLD_GENERATION_MB = 1024;
/**
 * Idle workers are let go after this long; the next task starts one again (about 100 ms). Shorter than the
 * server's idle collection (idle-memory-release.ts), so that an idle server holds no worker when it collects.
 */
const DEFAULT_IDLE_TIMEOUT_MS = 20_000;

const runningTypeScript = extname(fileURLToPath(import.meta.url)) === '.ts';

/** The worker runs the same kind of file as this one: TypeScript under tsx, JavaScript once compiled. */
const workerFile = (): string => fileURLToPath(new URL(`./pdf-worker${runningTypeScript ? '.ts' : '.js'}`, import.meta.url));

/**
 * Workers inherit `--import tsx`, but on Node 20 tsx registers its loader in the main thread only, so
 * under TypeScript each worker registers it itself before loading the worker file.
 */
const workerExecArgv = (): string[] | undefined => {
  if (!runningTypeScript) return undefined;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return [...process.execArgv, '--import', `data:text/javascript,import{register}from${JSON.stringify(tsxApi)};register();`];
};

const isAbort = (error: unknown): boolean => (error as Error).name === 'AbortError';
const isOutOfMemory = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';

export const createPdfPool = (options: PdfPoolOptions): PdfPool => {
  const taskTimeoutMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const sealTimeoutMs = options.sealTimeoutMs ?? DEFAULT_SEAL_TIMEOUT_MS;
  let started: Promise<Piscina> | undefined;
  let ready: Piscina | undefined;
  // Tasks handed to the pool and not yet settled, waiting or running: piscina counts only the waiting ones.
  let inFlight = 0;
  // A process that never touches a PDF (a CLI command, a server between PDFs) never loads the pool.
  const piscina = (): Promise<Piscina> =>
    (started ??= import('piscina').then(({ Piscina }) => {
      const execArgv = workerExecArgv();
      return (ready = new Piscina({
        filename: workerFile(),
        ...(execArgv ? { execArgv } : {}),
        minThreads: 0,
        maxThreads: options.threads,
        idleTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? DEFAULT_MAX_OLD_GENERATION_MB },
      }));
    }));

  const run = async <N extends TaskName>(name: N, task: TaskOf<N>, timeoutMs = taskTimeoutMs): Promise<ValueOf<N>> => {
    let result: tasks.TaskResult<ValueOf<N>>;
    inFlight += 1;
    try {
      result = await (await piscina()).run(task, { name, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (isAbort(error)) {
        throw new AppError('PDF_TOO_COMPLEX', `The PDF document is too complex to process: it took longer than ${timeoutMs / 1000} s.`);
      }
      if (isOutOfMemory(error)) {
        throw new AppError('PDF_TOO_COMPLEX', 'The PDF document is too complex to process: it needs too much memory.');
      }
      throw error;
    } finally {
      inFlight -= 1;
    }
    if ('error' in result) {
      const { code, message, problems } = result.error;
      throw new AppError(code, message, { problems });
    }
    return result.value;
  };

  return {
    inspect: (bytes, inspectOptions = {}) => run('inspect', { bytes, options: inspectOptions }),
    findAnchors: (bytes, texts, maxMatches) => run('anchors', { bytes, texts, maxMatches }),
    importFormFields: (bytes, maxFields) => run('formFields', { bytes, maxFields }),
    readTextTags: (bytes, maxTags) => run('textTags', { bytes, maxTags }),
    sealDocument: (input, sealing) => run('sealDocument', { ...input, ...sealing }, sealTimeoutMs),
    sealCertificate: (input, sealing) => run('sealCertificate', { ...input, ...sealing }, sealTimeoutMs),
    appendSignaturePages: (task) => run('signaturePages', task),
    imagePdf: (kind, bytes) => run('imagePdf', { kind, bytes }),
    verify: (bytes, verifyOptions = {}) => run('verify', { bytes, options: verifyOptions }),
    readCompletionRecord: (bytes) => run('completionRecord', { bytes }),
    usage: () => {
      const workers = ready?.threads.length ?? 0;
      const queued = ready?.queueSize ?? 0;
      return { maxWorkers: options.threads, workers, busy: Math.max(0, Math.min(workers, inFlight - queued)), queued };
    },
    close: async () => {
      if (started) await (await started).destroy();
    },
  };
};
