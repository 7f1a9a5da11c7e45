import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompletionRecord } from './pdf/completion-record.js';
import { PdfTooComplexError } from './pdf/pdf-too-complex.js';
import type { VerifyReport } from './pdf/verify-pdf.js';

export interface SealCheckTask {
  bytes: Uint8Array;
  roots: Uint8Array[];
}

/** The seal's report, and the completion record when the seal holds. */
export interface SealCheck {
  report: VerifyReport;
  record: CompletionRecord | undefined;
}

export type SealCheckOutcome = SealCheck | { tooComplex: string };

export interface WorkerLimits {
  timeoutMs: number;
  maxOldGenerationSizeMb: number;
}

/** The service's limits for one PDF task: a 60 MiB, 500-page document stays well inside them. */
export const DEFAULT_WORKER_LIMITS: WorkerLimits = { timeoutMs: 30_000, maxOldGenerationSizeMb: 1024 };

const runningTypeScript = extname(fileURLToPath(import.meta.url)) === '.ts';

/** The worker runs the same kind of file as this one: TypeScript under tsx (the repository's tests), JavaScript once built. */
const workerFile = (): URL => new URL(`./seal-worker${runningTypeScript ? '.ts' : '.js'}`, import.meta.url);

/** On Node 20 tsx registers its loader in the main thread only: under TypeScript the worker registers it itself. */
const workerExecArgv = (): string[] | undefined => {
  if (!runningTypeScript) return undefined;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  return [...process.execArgv, '--import', `data:text/javascript,import{register}from${JSON.stringify(tsxApi)};register();`];
};

const isOutOfMemory = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * Checks the seal of a file that may be anyone's in a worker thread, bounded in time and memory, so
 * that a hostile file costs a clear verdict, never a hung or crashed verifier. Throws
 * PdfTooComplexError for a file past the inflate budget or the limits.
 */
export const checkSealInWorker = (task: SealCheckTask, limits: WorkerLimits = DEFAULT_WORKER_LIMITS): Promise<SealCheck> =>
  new Promise((resolve, reject) => {
    const execArgv = workerExecArgv();
    const worker = new Worker(workerFile(), {
      workerData: task,
      ...(execArgv ? { execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new PdfTooComplexError(`The PDF document is too complex to process: it took longer than ${limits.timeoutMs / 1000} s.`)),
        ),
      limits.timeoutMs,
    );
    worker.once('message', (outcome: SealCheckOutcome) =>
      settle(() => ('tooComplex' in outcome ? reject(new PdfTooComplexError(outcome.tooComplex)) : resolve(outcome))),
    );
    worker.once('error', (error) =>
      settle(() =>
        reject(
          isOutOfMemory(error) ? new PdfTooComplexError('The PDF document is too complex to process: it needs too much memory.') : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the verification worker stopped (exit code ${code})`))));
  });
