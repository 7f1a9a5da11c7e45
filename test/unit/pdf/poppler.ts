import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PopplerWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Runs a poppler-utils tool on the bytes, written to a temporary file. */
export const withPdfFile = async <T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-pdf-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The text of the document as pdftotext reads it (what a person copying text would get). */
export const pdfText = (bytes: Uint8Array): Promise<string> =>
  withPdfFile(bytes, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);

/** Words with their boxes, in poppler's device space: top-left origin of the page as displayed. */
export const pdfWords = (bytes: Uint8Array): Promise<PopplerWord[]> =>
  withPdfFile(bytes, async (path) => {
    const { stdout } = await run('pdftotext', ['-bbox', path, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const words: PopplerWord[] = [];
    let page = 0;
    for (const line of stdout.split('\n')) {
      if (line.includes('<page ')) page += 1;
      const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (!match) continue;
      const [, xMin, yMin, xMax, yMax, text] = match;
      words.push({ page, text: text ?? '', xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), yMax: Number(yMax) });
    }
    return words;
  });

/** pdfsig's report on the document's signatures. */
export const pdfsig = (bytes: Uint8Array): Promise<string> =>
  withPdfFile(bytes, async (path) => {
    const result = await run('pdfsig', [path]).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }));
    return result.stdout;
  });

export interface InkBox {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const parsePgm = (pgm: Buffer): { width: number; height: number; pixels: Buffer } => {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not produce a binary PGM');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(whole.length) };
};

export interface InkOptions {
  /** Grey level (0 black … 255 white) below which a pixel counts as ink; default 200. */
  threshold?: number;
  /** Only look inside this area (default: the whole page). */
  within?: InkBox;
}

/**
 * Renders one page at 72 dpi (1 pixel = 1 point, top-left origin, as displayed) and returns the
 * bounding box of everything drawn darker than the threshold, or null when nothing is.
 */
export const inkBox = (bytes: Uint8Array, page: number, options: InkOptions = {}): Promise<InkBox | null> =>
  withPdfFile(bytes, async (path) => {
    const args = ['-r', '72', '-gray', '-f', String(page), '-l', String(page), path];
    const { stdout } = await run('pdftoppm', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
    const { width, height, pixels } = parsePgm(stdout);
    const threshold = options.threshold ?? 200;
    const area = options.within ?? { xMin: 0, yMin: 0, xMax: width, yMax: height };
    let box: InkBox | null = null;
    for (let y = area.yMin; y < Math.min(area.yMax, height); y += 1) {
      for (let x = area.xMin; x < Math.min(area.xMax, width); x += 1) {
        if ((pixels[y * width + x] ?? 255) >= threshold) continue;
        box = box
          ? { xMin: Math.min(box.xMin, x), yMin: Math.min(box.yMin, y), xMax: Math.max(box.xMax, x + 1), yMax: Math.max(box.yMax, y + 1) }
          : { xMin: x, yMin: y, xMax: x + 1, yMax: y + 1 };
      }
    }
    return box;
  });
