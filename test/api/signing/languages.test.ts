import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, it } from 'node:test';
import { promisify } from 'node:util';
import { formatDateTime } from '../../../src/domain/date-format.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { pdfText, withPdfFile } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

const run = promisify(execFile);
const catalog = (language: string) => JSON.parse(readFileSync(new URL(`../../../assets/i18n/${language}.json`, import.meta.url), 'utf8'));
const disclosure = (language: string): string => (catalog(language).consent.paragraphs as string[]).join('\n\n');

const signer = (extra: Record<string, unknown> = {}) => ({
  name: 'Hanna Schmidt',
  email: 'hanna@example.test',
  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
  ...extra,
});

const create = async (server: TestServer, token: string, recipients: Record<string, unknown>) => {
  const body = { ...(await envelopeRequest()), recipients };
  return server.call('POST', '/api/v2.0/envelopes/create', { token, body });
};

const sealedDocument = async (server: TestServer, token: string, envelopeId: string, documentId: string) => {
  const download = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/${documentId}/download`, { token });
  assert.equal(download.status, 200);
  return new Uint8Array(Buffer.from(download.body.data.content_base64, 'base64'));
};

describeOnEachDatabase(
  'recipient languages (docs/concepts/recipients.md)',
  (server, sink) => {
    let token: string;
    before(async () => {
      token = (await server.newAccount()).accessToken;
    });

    it('invites a German signer in German: subject, body and the due date', async () => {
      const created = await create(server, token, { signers: [signer({ language: 'de', email: 'de-mail@example.test' })] });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await server.service.worker.drain();
      const mail = await sink.waitFor((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((to) => to?.text.includes('de-mail@example.test')));
      assert.match(mail.subject ?? '', / hat Ihnen „Sales agreement“ zur Unterschrift gesendet$/);
      assert.match(mail.text ?? '', /Guten Tag Hanna Schmidt,/);
      assert.match(mail.text ?? '', /zur Prüfung und Unterschrift gesendet/);
      const due = formatDateTime(new Date(created.body.data.signing_due_date), 'de');
      assert.ok((mail.text ?? '').includes(`Bitte unterschreiben Sie bis ${due}.`), mail.text);
      assert.match(due, /\d+\. [A-ZÄÖÜ][a-zäöü]+ \d{4}/);
      assert.match(String(mail.html), /<html lang="de">/);
    });

    it("opens the signing page in the signer's language, and records the SHA-256 of the German disclosure", async () => {
      const created = await create(server, token, { signers: [signer({ language: 'de' })] });
      const { envelope_id: envelopeId } = created.body.data;
      const recipientId = created.body.data.recipients.signers[0].recipient_id;
      const signingToken = await tokenFor(server, envelopeId, recipientId);
      const view = await server.call('GET', `/api/v2.0/signing/${signingToken}`);
      assert.equal(view.status, 200);
      assert.equal(view.body.data.language, 'de');
      assert.equal(view.body.data.consent_text, disclosure('de'));
      assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      const row = await server.service.ctx.db.selectFrom('recipients').selectAll().where('id', '=', recipientId).executeTakeFirstOrThrow();
      assert.equal(row.consent_text_sha256, createHash('sha256').update(disclosure('de'), 'utf8').digest('hex'));
      assert.notEqual(row.consent_text_sha256, createHash('sha256').update(disclosure('en'), 'utf8').digest('hex'));
    });

    it("words the German signer's block of the certificate in German, and draws a Japanese name with an embedded subset font", async () => {
      const created = await create(server, token, {
        signers: [
          signer({ language: 'de' }),
          signer({
            name: '山田 太郎',
            email: 'taro@example.test',
            language: 'ja',
            fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }],
          }),
        ],
      });
      const { envelope_id: envelopeId, documents } = created.body.data;
      for (const s of created.body.data.recipients.signers) {
        const signingToken = await tokenFor(server, envelopeId, s.recipient_id);
        assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      }
      assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
      const sealed = await sealedDocument(server, token, envelopeId, documents[0].document_id);
      const text = await pdfText(sealed);
      assert.match(text, /Sprache: Deutsch/);
      assert.match(text, /Unterschrieben: \d+\. [A-Za-zäöü]+ \d{4}, \d\d:\d\d:\d\d UTC/);
      assert.match(text, /Elektronischen Unterlagen zugestimmt/);
      assert.match(text, /山田 太郎/);
      assert.match(text, /署名日時/);
      const fonts = await withPdfFile(sealed, async (path) => (await run('pdffonts', [path])).stdout);
      assert.match(fonts, /[A-Z]{6}\+VL-PGothic-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/, fonts);
      // Subset: the 4 MB font adds a few kilobytes, not megabytes.
      assert.ok(sealed.byteLength < 400_000, `the sealed document is ${sealed.byteLength} bytes`);
      console.log(`sealed document with a Japanese signer: ${sealed.byteLength} bytes`);
    });

    it('answers 400 UNSUPPORTED_LANGUAGE for a language outside the list, for signers, observers and the account setting', async () => {
      const bad = await create(server, token, {
        signers: [signer({ language: 'it' })],
        observers: [{ name: 'O', email: 'o@example.test', language: 'xx' }],
      });
      assert.equal(bad.status, 400);
      const codes = bad.body.errors.map((e: { error_code: string; field?: string }) => `${e.error_code} ${e.field}`);
      assert.ok(
        codes.some((c: string) => c.startsWith('UNSUPPORTED_LANGUAGE') && c.includes('signers')),
        codes.join('; '),
      );
      assert.ok(
        codes.some((c: string) => c.startsWith('UNSUPPORTED_LANGUAGE') && c.includes('observers')),
        codes.join('; '),
      );
      const settings = await server.call('PUT', '/api/v2.0/account/settings', { token, body: { default_language: 'klingon' } });
      assert.equal(settings.status, 400);
      assert.equal(settings.body.errors[0].error_code, 'UNSUPPORTED_LANGUAGE');
    });

    it("gives recipients without a language the account's default_language, and shows each one's in the envelope details", async () => {
      const other = (await server.newAccount()).accessToken;
      const initial = await server.call('GET', '/api/v2.0/account/settings', { token: other });
      assert.equal(initial.body.data.default_language, 'en');
      const updated = await server.call('PUT', '/api/v2.0/account/settings', { token: other, body: { default_language: 'fr' } });
      assert.equal(updated.status, 200);
      assert.equal(updated.body.data.default_language, 'fr');
      assert.deepEqual(updated.body.data.frame_ancestors, []);
      const created = await create(server, other, {
        signers: [signer(), signer({ name: 'Ada', email: 'ada-ja@example.test', language: 'ja' })],
        observers: [{ name: 'Olga', email: 'olga@example.test' }],
      });
      assert.equal(created.status, 201);
      const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token: other });
      assert.deepEqual(
        details.body.data.recipients.signers.map((s: { language: string }) => s.language),
        ['fr', 'ja'],
      );
      assert.equal(details.body.data.recipients.observers[0].language, 'fr');
    });
  },
  { smtpSink: true },
);
