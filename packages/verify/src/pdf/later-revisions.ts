import { PdfArray, PdfDict, PdfRef, PdfStream, type PDF, type PdfObject } from '@libpdf/core';
import type { Check } from '../check.js';

/** Trailer entries every incremental update rewrites: they say where the revision is, not what it shows. */
const TRAILER_BOOKKEEPING = new Set(['Size', 'Prev', 'ID', 'XRefStm', 'Type', 'Index', 'W', 'Filter', 'DecodeParms', 'Length']);
/** All a document time-stamp's field may carry: an invisible widget holding the time-stamp, nothing a reader draws. */
const TIMESTAMP_FIELD_KEYS = new Set(['FT', 'T', 'V', 'Type', 'Subtype', 'F', 'P', 'Rect']);
/** Deeper direct nesting than any genuine file has; past it the object counts as changed. */
const MAX_DEPTH = 64;

type Rule = 'plain' | 'catalog' | 'form';

class Changed extends Error {}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

const refKey = (ref: PdfRef): string => `${ref.objectNumber} ${ref.generation}`;

/**
 * Compares the sealed revision with the file as it is now, from the trailer down through every object
 * the file still reaches. Both must be the same but for what PAdES adds for long-term validation: the
 * catalog's /DSS (validation data no reader displays) and document time-stamp fields appended to the
 * form. Any other object that differs, wherever it sits, is a change after the seal.
 */
class RevisionComparison {
  private readonly queue: [PdfRef, Rule][] = [];
  private readonly visited = new Set<string>();

  constructor(
    private readonly sealed: PDF,
    private readonly current: PDF,
  ) {}

  run(): void {
    const before = this.sealed.context.info.trailer;
    const after = this.current.context.info.trailer;
    this.compareDicts(before, after, 0, (key) => TRAILER_BOOKKEEPING.has(key) || key === 'Root', 'the trailer');
    const root = after.getRef('Root');
    const sealedRoot = before.getRef('Root');
    if (!root || !sealedRoot || refKey(root) !== refKey(sealedRoot)) throw new Changed('the catalog was replaced after the seal');
    this.visited.add(refKey(root));
    this.visit(root, 'catalog');
    // An index, not shift(): a file reaches many thousands of objects.
    for (let index = 0; index < this.queue.length; index += 1) this.visit(...this.queue[index]!);
  }

  private enqueue(ref: PdfRef, rule: Rule): void {
    if (this.visited.has(refKey(ref))) return;
    this.visited.add(refKey(ref));
    this.queue.push([ref, rule]);
  }

  private visit(ref: PdfRef, rule: Rule): void {
    const before = this.sealed.context.resolve(ref);
    const after = this.current.context.resolve(ref);
    const where = `object ${refKey(ref)}`;
    if (rule === 'plain') {
      if (!before || !after || !this.equal(before, after, 0)) throw new Changed(`${where} was changed after the seal`);
      return;
    }
    if (!(before instanceof PdfDict) || !(after instanceof PdfDict)) throw new Changed(`${where} was changed after the seal`);
    if (rule === 'catalog') this.compareCatalog(before, after, where);
    else this.compareForm(before, after, where);
  }

  private compareCatalog(before: PdfDict, after: PdfDict, where: string): void {
    this.compareDicts(before, after, 0, (key) => key === 'DSS' || key === 'AcroForm', `the catalog (${where})`);
    const formBefore = before.get('AcroForm');
    const formAfter = after.get('AcroForm');
    if (formBefore instanceof PdfRef && formAfter instanceof PdfRef && refKey(formBefore) === refKey(formAfter)) {
      this.enqueue(formAfter, 'form');
    } else if (formBefore instanceof PdfDict && formAfter instanceof PdfDict) {
      this.compareForm(formBefore, formAfter, 'the form');
    } else if (formBefore !== undefined || formAfter !== undefined) {
      throw new Changed('the form was replaced after the seal');
    }
  }

  /** The form may only gain fields, at the end of /Fields, each of them a document time-stamp. */
  private compareForm(before: PdfDict, after: PdfDict, where: string): void {
    this.compareDicts(before, after, 0, (key) => key === 'Fields', where);
    const fieldsBefore = before.get('Fields');
    const fieldsAfter = after.get('Fields');
    if (!(fieldsBefore instanceof PdfArray) || !(fieldsAfter instanceof PdfArray) || fieldsAfter.length < fieldsBefore.length) {
      throw new Changed(`the form's fields (${where}) were changed after the seal`);
    }
    const items = fieldsAfter.toArray();
    items.slice(0, fieldsBefore.length).forEach((item, index) => {
      const previous = fieldsBefore.at(index);
      if (!previous || !this.equal(previous, item, 0)) throw new Changed(`the form's fields (${where}) were changed after the seal`);
    });
    for (const added of items.slice(fieldsBefore.length)) this.checkTimestampField(added);
  }

  private checkTimestampField(field: PdfObject): void {
    const rejected = new Changed('a form field other than a document time-stamp was added after the seal');
    if (!(field instanceof PdfRef)) throw rejected;
    const dict = this.current.context.resolve(field);
    if (!(dict instanceof PdfDict)) throw rejected;
    if ([...dict.keys()].some((key) => !TIMESTAMP_FIELD_KEYS.has(key.value))) throw rejected;
    if (dict.getName('FT')?.value !== 'Sig') throw rejected;
    const value = dict.get('V');
    const signature = value instanceof PdfRef ? this.current.context.resolve(value) : value;
    if (!(signature instanceof PdfDict) || signature.getName('Type')?.value !== 'DocTimeStamp') throw rejected;
    const rect = dict.getArray('Rect')?.toArray();
    const corners = rect?.map((n) => (n.type === 'number' ? n.value : NaN)) ?? [];
    const [x1, y1, x2, y2] = corners;
    const invisible = corners.length === 4 && (x1 === x2 || y1 === y2);
    if (!invisible) throw new Changed('a document time-stamp field added after the seal is visible on a page');
    if (value instanceof PdfRef) this.visited.add(refKey(value));
    this.visited.add(refKey(field));
  }

  private compareDicts(before: PdfDict, after: PdfDict, depth: number, exempt: (key: string) => boolean, where: string): void {
    const keys = new Set([...before.keys(), ...after.keys()].map((key) => key.value));
    for (const key of keys) {
      if (exempt(key)) continue;
      const a = before.get(key);
      const b = after.get(key);
      if (!a || !b || !this.equal(a, b, depth + 1)) throw new Changed(`/${key} of ${where} was changed after the seal`);
    }
  }

  /** Structural equality; references are compared by number and the objects they name are queued. */
  private equal(a: PdfObject, b: PdfObject, depth: number): boolean {
    if (depth > MAX_DEPTH || a.type !== b.type) return false;
    if (b instanceof PdfRef) {
      const same = a instanceof PdfRef && refKey(a) === refKey(b);
      if (same) this.enqueue(b, 'plain');
      return same;
    }
    if (b instanceof PdfArray) {
      const items = (a as PdfArray).toArray();
      return items.length === b.length && b.toArray().every((item, index) => this.equal(items[index] as PdfObject, item, depth + 1));
    }
    if (b instanceof PdfDict) {
      if (b instanceof PdfStream && !sameBytes((a as PdfStream).data, b.data)) return false;
      try {
        this.compareDicts(a as PdfDict, b, depth, () => false, 'a dictionary');
        return true;
      } catch (error) {
        if (error instanceof Changed) return false;
        throw error;
      }
    }
    switch (b.type) {
      case 'string':
        return sameBytes((a as typeof b).bytes, b.bytes);
      case 'raw':
        return sameBytes((a as typeof b).bytes, b.bytes);
      case 'null':
        return true;
      default:
        return (a as typeof b).value === b.value;
    }
  }
}

/**
 * After the seal, a PAdES B-LTA file may only have gained validation data (the DSS) and document
 * time-stamps. `sealed` is the file cut where the seal's byte range ends; `current` the whole file.
 */
export const checkLaterRevisions = (sealed: PDF, current: PDF): Check => {
  try {
    new RevisionComparison(sealed, current).run();
    return {
      name: 'later revisions',
      ok: true,
      detail: 'after the seal the file only gained validation data (DSS) and document time-stamps; what it shows is what was sealed',
    };
  } catch (error) {
    // A revision too broken to compare is no proof that nothing changed.
    const detail = error instanceof Changed ? error.message : 'the revisions after the seal cannot be read';
    return { name: 'later revisions', ok: false, detail };
  }
};
