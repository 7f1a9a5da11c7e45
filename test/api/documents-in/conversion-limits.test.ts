import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { downloadPdf, oneDocumentRequest } from '../../support/converted-documents.js';
import { makeDocx, makeHtml, makeOdtLinkingFile, makeOdtWithAutoRunMacro } from '../../support/document-fixtures.js';
import { assertError } from '../../support/test-server.js';
import { pdfText } from '../../unit/pdf/poppler.js';

/** The conversion's directory, as a path: LibreOffice's arguments also name it in a URL (`-env:UserInstallation=file:///tmp/…`). */
const conversionDirectoryOf = (line: string): string | undefined =>
  /(?:^|[\s=])(?:file:\/\/)?(\/\S*?countersign-convert-[^/\s]+)/.exec(line)?.[1];

const runningConversions = () =>
  execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('countersign-convert-') && !line.includes(' ps '));

/**
 * LibreOffice processes left behind by a conversion that has ended: their conversion's temporary
 * directory is gone, yet they still run a moment later. The conversions of test files running
 * beside this one still have their directory, so they are not counted.
 */
const orphanedConversionProcesses = async (): Promise<string[]> => {
  const orphaned = runningConversions().filter((line) => {
    const directory = conversionDirectoryOf(line);
    return directory !== undefined && !existsSync(directory);
  });
  if (orphaned.length === 0) return [];
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const still = new Set(runningConversions());
  return orphaned.filter((line) => still.has(line));
};

/**
 * Hundreds of pages of text: LibreOffice needs seconds to lay them out, however quickly it starts. A
 * one-line document could be converted within the 1 s limit on a quiet machine.
 */
const slowDocx = makeDocx(Array.from({ length: 20_000 }, (_, i) => `Paragraph ${i + 1}, one of many that take their time to lay out.`));

describeOnEachDatabase(
  'a conversion past CONVERSION_TIMEOUT_SECONDS (docs/api/conversion.md)',
  (server) => {
    it('answers 400 CONVERSION_FAILED and kills LibreOffice’s whole process group', async () => {
      const token = (await server.newAccount()).accessToken;
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: oneDocumentRequest('slow.docx', slowDocx),
      });
      const error = assertError(response, 400, 'CONVERSION_FAILED');
      assert.match(error.developer_message, /^"slow.docx": The DOCX document could not be converted to PDF: it took longer than 1 s\.$/);
      assert.deepEqual(await orphanedConversionProcesses(), []);
    });
  },
  { env: { CONVERSION_TIMEOUT_SECONDS: '1' } },
);

describeOnEachDatabase(
  'a conversion past CONVERSION_MEMORY_MB (docs/api/conversion.md)',
  (server) => {
    it('answers 400 CONVERSION_FAILED: LibreOffice cannot work within the address space it is given', async () => {
      const token = (await server.newAccount()).accessToken;
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: oneDocumentRequest('big.docx', makeDocx(['Big'])),
      });
      const error = assertError(response, 400, 'CONVERSION_FAILED');
      assert.match(
        error.developer_message,
        /^"big.docx": The DOCX document could not be converted to PDF: LibreOffice needs more than the 64 MB a conversion may use\.$/,
      );
      assert.deepEqual(await orphanedConversionProcesses(), []);
    });
  },
  { env: { CONVERSION_MEMORY_MB: '64' } },
);

describeOnEachDatabase('what a converted document cannot do (docs/api/conversion.md)', (server) => {
  let token: string;
  let web: Server;
  let port: number;
  const requested: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'countersign-conversion-test-'));

  before(async () => {
    token = (await server.newAccount()).accessToken;
    web = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    port = (web.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise((resolve) => web.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  const create = (name: string, bytes: Uint8Array) =>
    server.call('POST', '/api/v2.0/envelopes/create', { token, body: oneDocumentRequest(name, bytes) });

  it('fetches nothing an HTML page refers to: images, style sheets, scripts and frames of a server it could reach', async () => {
    const base = `http://127.0.0.1:${port}`;
    const html = makeHtml(
      ['Remote resources stay remote'],
      `<img src="${base}/logo.png"><link rel="stylesheet" href="${base}/style.css"><script src="${base}/app.js"></script><iframe src="${base}/frame.html"></iframe>`,
    );
    const response = await create('remote.html', html);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(requested, []);
  });

  it('runs no macro: an ODT whose Basic macro runs on opening converts, and the macro leaves no trace', async () => {
    const marker = join(scratch, 'macro-ran.txt');
    const response = await create('macro.odt', makeOdtWithAutoRunMacro(['A document with a macro'], marker));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(existsSync(marker), false);
  });

  it('reads no file of the machine a document links to: the linked section keeps the text it was saved with', async () => {
    const secret = join(scratch, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-LINE');
    const created = await create('linked.odt', makeOdtLinkingFile(['A document linking a file'], secret));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token });
    const text = await pdfText(
      await downloadPdf(server, token, created.body.data.envelope_id, details.body.data.documents[0].document_id, false),
    );
    assert.match(text, /stale section text/);
    assert.doesNotMatch(text, /TOP-SECRET-LINE/);
  });

  it('keeps answering other requests while a conversion runs: it runs in a child process, not on the event loop', async () => {
    let converting = true;
    const conversion = create('long.html', makeHtml(Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of a long page`))).finally(() => {
      converting = false;
    });
    const latencies: number[] = [];
    while (converting) {
      const started = Date.now();
      assert.equal((await server.call('GET', '/api/v2.0/account', { token })).status, 200);
      latencies.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal((await conversion).status, 201);
    assert.ok(latencies.length >= 5, `only ${latencies.length} requests answered during the conversion`);
    assert.ok(Math.max(...latencies) < 2000, `the slowest answer took ${Math.max(...latencies)} ms`);
  });
});
