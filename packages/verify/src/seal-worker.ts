import { parentPort, workerData } from 'node:worker_threads';
import type { SealCheckTask, SealCheckOutcome } from './check-seal-in-worker.js';
import { readCompletionRecord } from './pdf/completion-record.js';
import { isPdfTooComplex } from './pdf/pdf-too-complex.js';
import { verifySealedPdf } from './pdf/verify-pdf.js';

/** The worker thread of check-seal-in-worker.ts: one file, read and checked, the outcome posted back. */
const check = async ({ bytes, roots }: SealCheckTask): Promise<SealCheckOutcome> => {
  try {
    const report = await verifySealedPdf(bytes, { trustedCertificates: roots });
    // The record is inside the signed bytes: worth reading only when the seal holds.
    return { report, record: report.valid ? await readCompletionRecord(bytes) : undefined };
  } catch (error) {
    if (isPdfTooComplex(error)) return { tooComplex: error.message };
    throw error;
  }
};

parentPort?.postMessage(await check(workerData as SealCheckTask));
