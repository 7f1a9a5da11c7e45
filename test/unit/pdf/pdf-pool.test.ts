import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src/domain/app-error.js';
import { createPdfPool } from '../../../src/infra/pdf/pdf-pool.js';
import { objectStreamBomb } from '../../support/pdf-bombs.js';
import { makeCorruptPdf, makePdf } from '../../support/pdf-fixtures.js';

const rejectsWith = (promise: Promise<unknown>, code: string) =>
  assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    return true;
  });

describe('PDF worker pool', () => {
  const pool = createPdfPool({ threads: 1 });
  after(() => pool.close());

  it('inspects a document in a worker thread', async () => {
    const info = await pool.inspect(await makePdf({ pages: 3 }));
    assert.equal(info.pages.length, 3);
  });

  it("brings the contract's errors back from the worker as AppErrors", async () => {
    await rejectsWith(pool.inspect(makeCorruptPdf()), 'INVALID_PDF');
    await rejectsWith(pool.inspect(objectStreamBomb(1024)), 'PDF_TOO_COMPLEX');
    await rejectsWith(pool.verify(objectStreamBomb(1024)), 'PDF_TOO_COMPLEX');
  });

  it('finds every anchor text with one parse, keeping one match past the limit', async () => {
    const bytes = await makePdf({ pages: 5, text: 'Please SIGNHERE' });
    const [signHere, please, absent] = await pool.findAnchors(bytes, ['SIGNHERE', 'Please', 'nowhere'], 2);
    assert.deepEqual(
      signHere!.map((match) => match.page),
      [1, 2, 3],
    );
    assert.equal(please!.length, 3);
    assert.deepEqual(absent, []);
  });

  it('kills a task past its time limit and answers PDF_TOO_COMPLEX; the pool keeps working', async () => {
    const hurried = createPdfPool({ threads: 1, taskTimeoutMs: 1 });
    try {
      await rejectsWith(hurried.inspect(await makePdf({ pages: 50 })), 'PDF_TOO_COMPLEX');
    } finally {
      await hurried.close();
    }
    assert.equal((await pool.inspect(await makePdf({ pages: 1 }))).pages.length, 1);
  });
});
