import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { loadSigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { verifyAuditLogs, verifyOnline, verifySealedFile } from '../../support/independent-verifier.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

/** An offset inside the first signed part of the file: the original document, not the seal's own contents. */
const middleOfSignedBytes = (pdf: Uint8Array): number => {
  const firstLength = /\/ByteRange\s*\[\s*\d+\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
  return Math.floor(Number(firstLength) / 2);
};

const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64')}\n-----END CERTIFICATE-----\n`;

describeOnEachDatabase('a third party verifying a sealed PDF with docs/verification.md only', (server) => {
  let token: string;
  let trust: { root_certificate_pem: string; ledger_public_key: string };
  let envelopeId: string;
  let sealed: Uint8Array;
  let certificate: Uint8Array;
  let foreignDir: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
    trust = (await server.call('GET', '/api/v2.0/ledger/trust', { noAppAuthType: true })).body.data;
    const envelope = await createEnvelope(server, token);
    envelopeId = envelope.envelope_id;
    for (const signer of envelope.recipients.signers) {
      const signingToken = await tokenFor(server, envelopeId, signer.recipient_id);
      await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    }
    assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
    const documents = await server.service.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('envelope_id', '=', envelopeId)
      .orderBy('position')
      .execute();
    certificate = (await server.service.ctx.blobs.get(documents[0]!.sha256))!;
    sealed = (await server.service.ctx.blobs.get(documents[1]!.sealed_sha256!))!;
    foreignDir = mkdtempSync(join(tmpdir(), 'countersign-foreign-root-'));
  });
  after(() => rmSync(foreignDir, { recursive: true, force: true }));

  it('accepts a genuine sealed document and certificate of completion, every step passing', () => {
    for (const file of [sealed, certificate]) {
      const verification = verifySealedFile(file, trust);
      assert.deepEqual(
        verification.steps.filter((s) => !s.ok),
        [],
      );
      assert.equal(verification.valid, true);
      assert.equal(verification.steps.length, 12);
      assert.equal(verification.record?.envelope_id, envelopeId);
    }
  });

  it('rejects the document once a byte of its signed content changed', () => {
    const tampered = Buffer.from(sealed);
    const at = middleOfSignedBytes(tampered);
    tampered[at] = tampered[at]! ^ 0x01;
    const verification = verifySealedFile(tampered, trust);
    assert.equal(verification.valid, false);
    assert.equal(verification.steps.at(-1)?.step, '2.2 messageDigest');
  });

  it('rejects the document with bytes appended after the seal', () => {
    const verification = verifySealedFile(Buffer.concat([sealed, Buffer.from('\n% appended\n')]), trust);
    assert.equal(verification.valid, false);
    assert.equal(verification.steps.at(-1)?.step, '1.2 byte range covers the file');
  });

  it('rejects the document against another root, and the sealed head against another ledger key', async () => {
    const foreignRoot = (await loadSigningIdentity({ dataDir: foreignDir })).certificateChain.at(-1)!;
    const underForeignRoot = verifySealedFile(sealed, { ...trust, root_certificate_pem: pem(foreignRoot) });
    assert.equal(underForeignRoot.valid, false);
    assert.equal(underForeignRoot.steps.at(-1)?.step, '3 chain to the published root');
    const otherKey = Buffer.alloc(32, 7).toString('base64');
    const underOtherKey = verifySealedFile(sealed, { ...trust, ledger_public_key: otherKey });
    assert.equal(underOtherKey.valid, false);
    assert.deepEqual(
      underOtherKey.steps.filter((s) => !s.ok).map((s) => s.step),
      ['5.3 sealed head signed by the ledger key'],
    );
  });

  it('checks online that the current head still includes the sealed entry and extends the sealed head', async () => {
    await createEnvelope(server, token);
    await server.service.worker.drain();
    const { record } = verifySealedFile(sealed, trust);
    const steps = await verifyOnline(record!, server.url, trust.ledger_public_key);
    assert.deepEqual(
      steps.filter((s) => !s.ok),
      [],
    );
    const current = (await server.call('GET', '/api/v2.0/ledger/head', { noAppAuthType: true })).body.data;
    assert.ok(current.tree_size > record!.ledger_proof.tree_size, 'the log grew after sealing');
  });

  it("recomputes the envelope's audit_logs chain, which holds the sealed head, and checks its head signature", async () => {
    const logs = (await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/audit_logs`, { token })).body.data;
    assert.deepEqual(
      verifyAuditLogs(logs, trust.ledger_public_key).filter((s) => !s.ok),
      [],
    );
    const { record } = verifySealedFile(sealed, trust);
    assert.ok(logs.entries.some((e: { entry_hash: string }) => e.entry_hash === record!.ledger_head_hash));
    const forged = { ...logs, entries: logs.entries.map((e: object, i: number) => (i === 0 ? { ...e, description: 'forged' } : e)) };
    assert.equal(verifyAuditLogs(forged, trust.ledger_public_key)[0]!.ok, false);
  });
});
