import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../domain/app-error.js';
import type { ConversionSlots } from './conversion-slots.js';
import { KIND_NAMES, type OfficeKind } from './document-kind.js';
import { LIBREOFFICE_SETTINGS } from './libreoffice-profile.js';

export interface LibreOfficeOptions {
  /** Path of `soffice`. */
  soffice: string;
  /** CONVERSION_TIMEOUT_SECONDS: the whole process group is killed past it. */
  timeoutMs: number;
  /** CONVERSION_MEMORY_MB: the address space each conversion may map. */
  memoryBytes: number;
  /** The largest PDF a conversion may give (the document limit). */
  maxOutputBytes: number;
  slots: ConversionSlots;
  /**
   * `auto`: each conversion runs in a network namespace of its own, without a network, whenever this
   * process may create one (as root, say). `never` exists to prove that the profile alone keeps remote
   * resources out, as it must where no namespace can be made (a container's unprivileged user).
   */
  networkNamespace?: 'auto' | 'never';
}

export interface LibreOffice {
  /** The document as a PDF; 400 CONVERSION_FAILED with LibreOffice's reason when it cannot be converted. */
  convert(kind: OfficeKind, mediaType: string, bytes: Uint8Array): Promise<Uint8Array>;
  /** Kills the conversions still running (the service is stopping). */
  close(): void;
}

/** Each format's import filter, named so LibreOffice's own detection cannot pick another. */
const IMPORTS: Record<OfficeKind, { extension: string; filter: string }> = {
  docx: { extension: 'docx', filter: 'MS Word 2007 XML' },
  odt: { extension: 'odt', filter: 'writer8' },
  rtf: { extension: 'rtf', filter: 'Rich Text Format' },
  // Writer's HTML import lays the page out as a document; Writer/Web's (the default) drops headings.
  html: { extension: 'html', filter: 'HTML (StarWriter)' },
};

const MACRO_ENABLED_WORD = 'application/vnd.ms-word.document.macroenabled.12';
const WORD_WITH_MACROS = { extension: 'docm', filter: 'MS Word 2007 XML VBA' };

/** A child gets no variable of the service's environment (secrets live there), only what LibreOffice needs. */
const SAFE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** What LibreOffice printed, kept to its end: the reason it gives for a failure comes last. */
const OUTPUT_KEPT = 8 * 1024;

/** What prlimit and unshare (util-linux) print when they cannot run the next command: soffice is not where CONVERTER says. */
const NOT_EXECUTED = /failed to execute/;

/** What a process that cannot have the memory it asks for says: the dynamic loader at start, or LibreOffice later. */
const OUT_OF_MEMORY = /failed to map segment|cannot allocate memory|bad_alloc/i;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

const failed = (kind: OfficeKind, reason: string) =>
  new AppError('CONVERSION_FAILED', `The ${KIND_NAMES[kind]} document could not be converted to PDF: ${reason}.`);

/** LibreOffice's own words for a failure ("Error: source file could not be loaded"), if it said any. */
const reasonIn = (output: string): string | undefined =>
  output
    .split('\n')
    .map((line) => /^Error:\s*(.+)$/.exec(line.trim())?.[1])
    .filter((reason): reason is string => reason !== undefined)
    .at(-1);

/** Why a conversion gave no PDF, in the contract's words. */
const refusal = (kind: OfficeKind, run: Run, options: Pick<LibreOfficeOptions, 'soffice' | 'memoryBytes' | 'maxOutputBytes'>): AppError => {
  if (NOT_EXECUTED.test(run.output)) {
    return new AppError(
      'CONVERSION_UNAVAILABLE',
      `LibreOffice cannot be started at ${options.soffice}: install the Debian package libreoffice-writer-nogui, or set CONVERTER to its soffice.`,
    );
  }
  const megabytes = options.memoryBytes / 1024 / 1024;
  if (run.signal === 'SIGXFSZ') return failed(kind, `its PDF would be larger than ${options.maxOutputBytes / 1024 / 1024} MB`);
  if (OUT_OF_MEMORY.test(run.output)) return failed(kind, `LibreOffice needs more than the ${megabytes} MB a conversion may use`);
  if (run.signal)
    return failed(kind, `LibreOffice stopped (${run.signal}); the document may need more than the ${megabytes} MB a conversion may use`);
  return failed(kind, reasonIn(run.output) ?? `LibreOffice made no PDF of it (exit code ${run.code})`);
};

const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
};

/**
 * LibreOffice headless, one child process per conversion (docs/api/conversion.md): its own profile
 * and directories under a fresh temporary directory removed afterwards, an address-space and a
 * file-size limit (prlimit), a wall-clock limit after which its whole process group is killed, no
 * network where a namespace can be made, and at most one conversion per slot at a time.
 */
export const createLibreOffice = (options: LibreOfficeOptions): LibreOffice => {
  const running = new Set<number>();
  let namespace: Promise<boolean> | undefined;
  const env = (home: string) => ({ PATH: SAFE_PATH, HOME: home, TMPDIR: home, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' });

  // Asked once: `unshare --net` needs privileges this process has or has not for its whole life.
  const networkNamespace = (): Promise<boolean> =>
    options.networkNamespace === 'never'
      ? Promise.resolve(false)
      : (namespace ??= new Promise((resolve) =>
          execFile('unshare', ['--net', 'true'], { env: env(tmpdir()), timeout: 10_000 }, (error) => resolve(!error)),
        ));

  const run = (command: string[], home: string): Promise<Run> =>
    new Promise((resolve, reject) => {
      const [file, ...args] = command as [string, ...string[]];
      // Its own process group, so that a timeout kills LibreOffice's launcher and office process together.
      const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: env(home) });
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid);
      }, options.timeoutMs);
      if (child.pid !== undefined) running.add(child.pid);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        // Whatever the launcher left behind goes with it.
        killGroup(child.pid);
        if (child.pid !== undefined) running.delete(child.pid);
        resolve({ code, signal, timedOut, output });
      });
    });

  const convertOnce = async (kind: OfficeKind, mediaType: string, bytes: Uint8Array): Promise<Uint8Array> => {
    const { extension, filter } = kind === 'docx' && mediaType === MACRO_ENABLED_WORD ? WORD_WITH_MACROS : IMPORTS[kind];
    const home = await mkdtemp(join(tmpdir(), 'countersign-convert-'));
    try {
      const profile = join(home, 'profile');
      const outDir = join(home, 'out');
      const input = join(home, `document.${extension}`);
      await mkdir(join(profile, 'user'), { recursive: true });
      await mkdir(outDir);
      await writeFile(join(profile, 'user', 'registrymodifications.xcu'), LIBREOFFICE_SETTINGS);
      await writeFile(input, bytes);
      const limits = [`--as=${options.memoryBytes}`, `--fsize=${2 * options.maxOutputBytes}`, '--core=0', '--'];
      const isolation = (await networkNamespace()) ? ['unshare', '--net', '--'] : [];
      const soffice = [
        options.soffice,
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        `--infilter=${filter}`,
        '--convert-to',
        'pdf:writer_pdf_Export',
        '--outdir',
        outDir,
        input,
      ];
      let result: Run;
      try {
        result = await run(['prlimit', ...limits, ...isolation, ...soffice], home);
      } catch (error) {
        throw new AppError(
          'CONVERSION_UNAVAILABLE',
          `Document conversion cannot start here (${(error as Error).message}): it needs prlimit and unshare (Debian package util-linux) and LibreOffice (Debian package libreoffice-writer-nogui).`,
        );
      }
      if (result.timedOut) throw failed(kind, `it took longer than ${options.timeoutMs / 1000} s`);
      const pdf = join(outDir, 'document.pdf');
      const written = await stat(pdf).catch(() => undefined);
      if (!written) throw refusal(kind, result, options);
      if (written.size > options.maxOutputBytes) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The PDF converted from the ${KIND_NAMES[kind]} document is larger than ${options.maxOutputBytes / 1024 / 1024} MB.`,
        );
      }
      return new Uint8Array(await readFile(pdf));
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  };

  return {
    convert: (kind, mediaType, bytes) => options.slots.run(() => convertOnce(kind, mediaType, bytes)),
    close: () => {
      for (const pid of running) killGroup(pid);
    },
  };
};
