import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../domain/app-error.js';

/**
 * What a DOCX or ODT container may hold before LibreOffice opens it (docs/api/conversion.md): a
 * word-processing document from Word or Writer has a few dozen entries and inflates to a few times
 * its size; a zip bomb declares gigabytes or thousands of entries and is refused here, before
 * anything inflates it.
 */
export const ARCHIVE_LIMITS = { maxEntries: 2_000, maxUncompressedBytes: 200 * 1024 * 1024, maxMimetypeBytes: 100 };

/** The entries each container must have to be that kind of document at all. */
const REQUIRED_ENTRIES = { docx: ['[Content_Types].xml', 'word/document.xml'], odt: ['mimetype', 'content.xml'] } as const;

const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';

const broken = (kind: 'docx' | 'odt', reason: string) =>
  new AppError('CONVERSION_FAILED', `The ${kind.toUpperCase()} document is broken: ${reason}.`);

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

/** Reads an entry to its end, counting what it inflates to: yauzl stops it at the size the directory declares. */
const readEntry = async (zip: ZipFile, entry: Entry, keep: boolean): Promise<Buffer | undefined> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) if (keep) chunks.push(chunk as Buffer);
  return keep ? Buffer.concat(chunks) : undefined;
};

/**
 * Checks a DOCX or ODT container, with every bound checked on the central directory first: a readable
 * ZIP of at most ARCHIVE_LIMITS entries and inflated bytes, no encrypted entry, the entries its kind
 * needs (an ODT's `mimetype` naming a text document). Then each entry is inflated once, never past
 * its declared size, so a directory that lies or a corrupt stream is refused too; only the bytes
 * counted are held, not the inflated data.
 */
export const checkOfficeArchive = async (bytes: Uint8Array, kind: 'docx' | 'odt'): Promise<void> => {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (error) {
    throw broken(kind, `it is not a readable ZIP container (${reasonOf(error)})`);
  }
  const { maxEntries, maxUncompressedBytes, maxMimetypeBytes } = ARCHIVE_LIMITS;
  if (zip.entryCount > maxEntries) throw broken(kind, `its container holds ${zip.entryCount} entries; at most ${maxEntries} are allowed`);
  const entries: Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > maxUncompressedBytes) {
        throw broken(kind, `its container inflates to more than ${maxUncompressedBytes / 1024 / 1024} MB`);
      }
      if (entry.isEncrypted()) throw broken(kind, `its entry "${entry.fileName}" is encrypted`);
      entries.push(entry);
    }
  } catch (error) {
    throw error instanceof AppError ? error : broken(kind, `its ZIP directory cannot be read (${reasonOf(error)})`);
  }
  const names = new Set(entries.map((entry) => entry.fileName));
  const missing = REQUIRED_ENTRIES[kind].filter((name) => !names.has(name));
  if (missing.length) throw broken(kind, `it has no ${missing.map((name) => `"${name}"`).join(' or ')}`);
  for (const entry of entries) {
    const isMimetype = kind === 'odt' && entry.fileName === 'mimetype';
    if (isMimetype && entry.uncompressedSize > maxMimetypeBytes) throw broken(kind, 'its "mimetype" entry is not a media type');
    let content: Buffer | undefined;
    try {
      content = await readEntry(zip, entry, isMimetype);
    } catch (error) {
      throw broken(kind, `its entry "${entry.fileName}" cannot be inflated (${reasonOf(error)})`);
    }
    if (isMimetype && content?.toString('latin1').trim() !== ODT_MIMETYPE) {
      throw broken(kind, `its "mimetype" entry does not name a text document (${ODT_MIMETYPE})`);
    }
  }
};
