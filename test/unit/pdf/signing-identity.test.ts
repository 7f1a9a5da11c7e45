import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { loadSigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { sealPdf } from '../../../src/infra/pdf/seal-pdf.js';
import { verifySealedPdf } from '@countersign/verify';
import { operatorP12 } from '../../support/openssl.js';
import { makePdf } from '../../support/pdf-fixtures.js';

describe('loadSigningIdentity', () => {
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'countersign-identity-'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates a root → sealing certificate chain once and keeps it private under <dataDir>/keys', async () => {
    const dataDir = join(dir, 'generated');
    const identity = await loadSigningIdentity({ dataDir });

    const [leaf, root] = identity.certificateChain.map((der) => new x509.X509Certificate(new Uint8Array(der)));
    assert.ok(leaf && root);
    assert.match(leaf.subject, /CN=Countersign Document Sealing/);
    assert.equal(leaf.issuer, root.subject);
    assert.ok(await leaf.verify({ publicKey: root.publicKey, signatureOnly: true }), 'the root issued the sealing certificate');
    const usage = leaf.getExtension(x509.KeyUsagesExtension);
    assert.ok(usage && usage.usages & x509.KeyUsageFlags.digitalSignature && usage.usages & x509.KeyUsageFlags.nonRepudiation);
    assert.equal(root.getExtension(x509.BasicConstraintsExtension)?.ca, true);

    const files = await readdir(join(dataDir, 'keys'));
    assert.ok(files.length > 0);
    for (const file of files) assert.equal((await stat(join(dataDir, 'keys', file))).mode & 0o777, 0o600, file);
  });

  it('reuses the persisted identity on later starts', async () => {
    const dataDir = join(dir, 'reused');
    const first = await loadSigningIdentity({ dataDir });
    const second = await loadSigningIdentity({ dataDir });
    assert.deepEqual(second.certificateChain, first.certificateChain);
    const sealed = await sealPdf(await makePdf(), second);
    const root = first.certificateChain.at(-1);
    assert.ok(root);
    assert.equal((await verifySealedPdf(sealed, { trustedCertificates: [root] })).valid, true);
  });

  it('ends up with one identity when two processes start at once on an empty data directory', async () => {
    const dataDir = join(dir, 'racing');
    const [a, b] = await Promise.all([loadSigningIdentity({ dataDir }), loadSigningIdentity({ dataDir })]);
    assert.deepEqual(a.certificateChain, b.certificateChain);
  });

  describe('with SIGNING_CERT_P12', () => {
    let p12Path: string;

    before(async () => {
      p12Path = await operatorP12(dir, 'Operator', 'correct horse');
    });

    it('seals with the operator certificate from the PKCS#12 file', async () => {
      const identity = await loadSigningIdentity({ dataDir: join(dir, 'p12'), p12Path, p12Password: 'correct horse' });
      const report = await verifySealedPdf(await sealPdf(await makePdf(), identity));
      assert.equal(report.valid, true, JSON.stringify(report.checks));
      assert.match(report.signer?.subject ?? '', /CN=Operator Sealing Certificate/);
    });

    it('fails with an error naming SIGNING_CERT_P12 on a wrong password', async () => {
      await assert.rejects(loadSigningIdentity({ dataDir: dir, p12Path, p12Password: 'wrong' }), /SIGNING_CERT_P12/);
    });

    it('fails with an error naming SIGNING_CERT_P12 when the file is missing', async () => {
      await assert.rejects(loadSigningIdentity({ dataDir: dir, p12Path: join(dir, 'missing.p12'), p12Password: 'x' }), /SIGNING_CERT_P12/);
    });
  });
});
