import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { sha256Hex } from '../../../src/infra/hash.js';
import { sealPdf } from '../../../src/infra/pdf/seal-pdf.js';
import { loadSigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { makePdf } from '../../support/pdf-fixtures.js';

/** An offset inside the first signed part of the file: the original document, not the seal's own contents. */
const middleOfSignedBytes = (pdf: Uint8Array): number => {
  const firstLength = /\/ByteRange\s*\[\s*\d+\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
  return Math.floor(Number(firstLength) / 2);
};

const LEDGER_HEAD = 'ab'.repeat(32);

describeOnEachDatabase('public verification (/verify)', (server) => {
  let token: string;
  let sealed: Uint8Array;
  let completedId: string;
  let openId: string;
  let foreignDir: string;

  /** What the completion job leaves behind: a Completed envelope whose document was sealed by this server. */
  const completeWithSeal = async (envelopeId: string) => {
    const identity = await loadSigningIdentity({ dataDir: server.dataDir });
    sealed = await sealPdf(await makePdf({ pages: 1, text: 'Sealed agreement' }), identity);
    const db = server.service.ctx.db;
    await db
      .updateTable('envelopes')
      .set({ status: 'Completed', completed_at: server.clock.now().toISOString(), sealed_ledger_head_hash: LEDGER_HEAD })
      .where('id', '=', envelopeId)
      .execute();
    await db
      .updateTable('documents')
      .set({ sealed_sha256: sha256Hex(sealed) })
      .where('envelope_id', '=', envelopeId)
      .execute();
  };

  before(async () => {
    token = (await server.newAccount()).accessToken;
    completedId = (await createEnvelope(server, token)).envelope_id;
    openId = (await createEnvelope(server, token)).envelope_id;
    await completeWithSeal(completedId);
    foreignDir = await mkdtemp(join(tmpdir(), 'countersign-foreign-'));
  });
  after(() => rm(foreignDir, { recursive: true, force: true }));

  const record = (id: string) => server.call('GET', `/verify/${id}`, { noAppAuthType: true, headers: { accept: 'application/json' } });
  const check = (id: string, bytes: Uint8Array, contentType = 'application/pdf') =>
    server.call('POST', `/verify/${id}/check`, {
      noAppAuthType: true,
      rawBody: new Blob([Buffer.from(bytes)]),
      headers: { 'content-type': contentType },
    });

  it('answers Accept: application/json with the public record of a completed envelope', async () => {
    const response = await record(completedId);
    assert.equal(response.status, 200);
    const data = response.body.data;
    assert.deepEqual(Object.keys(data).sort(), ['completed_at', 'documents', 'envelope_id', 'ledger_head_hash', 'name', 'status']);
    assert.equal(data.envelope_id, completedId);
    assert.equal(data.name, 'Sales agreement');
    assert.equal(data.status, 'Completed');
    assert.equal(data.ledger_head_hash, LEDGER_HEAD);
    assert.equal(data.documents.length, 1);
    assert.equal(data.documents[0].name, 'agreement.pdf');
    assert.match(data.documents[0].sha256_original, /^[0-9a-f]{64}$/);
    assert.equal(data.documents[0].sha256_sealed, sha256Hex(sealed));
  });

  it('reveals no e-mail address in the record', async () => {
    const response = await record(completedId);
    assert.doesNotMatch(JSON.stringify(response.body), /@/);
  });

  it('answers 404 ENVELOPE_NOT_FOUND for an envelope still out for signature (docs/concepts/ledger.md: Completed only)', async () => {
    const response = await record(openId);
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
    assert.doesNotMatch(JSON.stringify(response.body), /Sales agreement|agreement\.pdf/);
  });

  it('answers 404 ENVELOPE_NOT_FOUND for an unknown or deleted envelope', async () => {
    const unknown = await record('env_unknown0000000000');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ deleted_at: server.clock.now().toISOString() })
      .where('id', '=', openId)
      .execute();
    const deleted = await record(openId);
    assert.equal(deleted.status, 404);
    assert.equal(deleted.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
  });

  it('serves the verification page to browsers, with a strict CSP that forbids framing', async () => {
    const response = await server.call('GET', `/verify/${completedId}`, {
      noAppAuthType: true,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(response.body, /\/app\/assets\/verify-[\w-]+\.js/);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'; script-src 'self'; style-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src 'none'; base-uri 'none'/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  });

  it('checks an uploaded sealed PDF: it matches the envelope and its seal is intact', async () => {
    const response = await check(completedId, sealed);
    assert.equal(response.status, 200);
    const { data } = response.body;
    assert.equal(data.match, true);
    assert.equal(data.document_name, 'agreement.pdf');
    assert.equal(data.seal.valid, true);
    assert.ok(data.seal.checks.length >= 3);
    assert.ok(data.seal.checks.every((c: { ok: boolean }) => c.ok));
  });

  it('reports a tampered copy as neither matching nor validly sealed', async () => {
    const tampered = sealed.slice();
    const at = middleOfSignedBytes(tampered);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const { data } = (await check(completedId, tampered)).body;
    assert.equal(data.match, false);
    assert.equal(data.document_name, null);
    assert.equal(data.seal.valid, false);
    assert.ok(data.seal.checks.some((c: { ok: boolean }) => !c.ok));
  });

  it('reports an unsigned PDF as not sealed', async () => {
    const { data } = (await check(completedId, await makePdf({ pages: 1 }))).body;
    assert.equal(data.match, false);
    assert.equal(data.seal.valid, false);
    assert.match(data.seal.checks[0].detail, /no digital signature/);
  });

  it('does not accept a seal made by another identity (not chained to this service)', async () => {
    const other = await loadSigningIdentity({ dataDir: foreignDir });
    const foreign = await sealPdf(await makePdf({ pages: 1 }), other);
    const { data } = (await check(completedId, foreign)).body;
    assert.equal(data.seal.valid, false);
  });

  it('answers 404 ENVELOPE_NOT_FOUND when checking against an unknown envelope', async () => {
    const response = await check('env_unknown0000000000', sealed);
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body that is not application/pdf', async () => {
    const response = await check(completedId, sealed, 'application/octet-stream');
    assert.equal(response.status, 415);
    assert.equal(response.body.errors[0].error_code, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 PDF_REQUIRED for an empty body', async () => {
    const response = await check(completedId, new Uint8Array(0));
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].error_code, 'PDF_REQUIRED');
  });
});
