import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src/domain/app-error.js';
import { ConversionSlots } from '../../../src/infra/convert/conversion-slots.js';
import { createLibreOffice } from '../../../src/infra/convert/libreoffice.js';

/**
 * The child process of a conversion, with a stand-in for soffice (a shell script): what it is given,
 * what it may see, how it ends. LibreOffice itself is exercised by the API tests (test/api/documents-in).
 */
describe('a conversion’s child process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-fake-soffice-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in soffice: its arguments are LibreOffice's; `body` runs with $OUT (--outdir) and $IN (the input) set. */
  const fakeSoffice = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(
      path,
      `#!/bin/sh
for arg; do
  case "$prev" in --outdir) OUT="$arg" ;; esac
  case "$arg" in -env:UserInstallation=file://*) PROFILE="\${arg#-env:UserInstallation=file://}" ;; esac
  prev="$arg"; IN="$arg"
done
${body}
`,
    );
    chmodSync(path, 0o755);
    return path;
  };

  const office = (soffice: string, timeoutMs = 10_000) =>
    createLibreOffice({
      soffice,
      timeoutMs,
      memoryBytes: 512 * 1024 * 1024,
      maxOutputBytes: 1024 * 1024,
      slots: new ConversionSlots(1, 4, 60),
    });

  const failsWith = async (work: Promise<unknown>, code: string, words: RegExp) =>
    assert.rejects(work, (error: unknown) => {
      assert.ok(error instanceof AppError, String(error));
      assert.equal(error.code, code);
      assert.match(error.message, words);
      return true;
    });

  it('gives back the PDF it writes, having seen its own profile and the document, and none of the service’s variables', async () => {
    process.env.COUNTERSIGN_TEST_SECRET = 'not-for-children';
    const seen = join(dir, 'seen');
    const soffice = fakeSoffice(
      'writes.sh',
      `env > "${seen}.env"; cp "$PROFILE/user/registrymodifications.xcu" "${seen}.xcu"; cp "$IN" "${seen}.input"; printf '%%PDF-1.7 converted' > "$OUT/document.pdf"`,
    );
    try {
      const pdf = await office(soffice).convert('rtf', 'application/rtf', Buffer.from('{\\rtf1 hello}'));
      assert.equal(Buffer.from(pdf).toString(), '%PDF-1.7 converted');
    } finally {
      delete process.env.COUNTERSIGN_TEST_SECRET;
    }
    const variables = readFileSync(`${seen}.env`, 'utf8');
    assert.doesNotMatch(variables, /COUNTERSIGN_TEST_SECRET|not-for-children/);
    assert.match(variables, /^HOME=.*countersign-convert-/m);
    assert.match(readFileSync(`${seen}.xcu`, 'utf8'), /DisableMacrosExecution.*<value>true<\/value>/);
    assert.equal(readFileSync(`${seen}.input`, 'utf8'), '{\\rtf1 hello}');
    const home = /^HOME=(.*)$/m.exec(variables)![1]!;
    assert.equal(existsSync(home), false, 'its temporary directory is removed');
  });

  it('kills the whole process group at the time limit, and says so', async () => {
    // A child of its own that would outlive a killed parent if only the parent were killed, told apart by its odd duration.
    const marker = `sleep 59.${process.pid}`;
    const soffice = fakeSoffice('sleeps.sh', `${marker} & sleep 60`);
    const started = Date.now();
    await failsWith(office(soffice, 1000).convert('html', 'text/html', Buffer.from('<p>x')), 'CONVERSION_FAILED', /took longer than 1 s/);
    assert.ok(Date.now() - started < 5000, `answered after ${Date.now() - started} ms`);
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(marker));
    assert.deepEqual(left, []);
  });

  it('gives LibreOffice’s own reason when it makes no PDF', async () => {
    const soffice = fakeSoffice('refuses.sh', `echo 'Error: source file could not be loaded' >&2`);
    await failsWith(
      office(soffice).convert('docx', 'x', Buffer.from('PK')),
      'CONVERSION_FAILED',
      /^The DOCX document could not be converted to PDF: source file could not be loaded\.$/,
    );
  });

  it('answers CONVERSION_UNAVAILABLE when soffice is not where it is said to be', async () => {
    await failsWith(
      office(join(dir, 'missing-soffice')).convert('odt', 'x', Buffer.from('PK')),
      'CONVERSION_UNAVAILABLE',
      /libreoffice-writer-nogui/,
    );
  });

  it('refuses a PDF larger than the limit without reading it', async () => {
    const soffice = fakeSoffice('big.sh', `head -c 2000000 /dev/zero > "$OUT/document.pdf"`);
    await failsWith(office(soffice).convert('html', 'text/html', Buffer.from('<p>x')), 'PAYLOAD_TOO_LARGE', /larger than 1 MB/);
  });
});
