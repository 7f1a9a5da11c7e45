import type { Problem } from './app-error.js';
import { FIELD_TYPES, hasOptions, isSelfFilling, normalizeValue, valueProblem, type FieldType } from './field-rules.js';

/**
 * Text tags (docs/api/text-tags.md): `{{<type>:<signer>[;<option>]…}}` in a document's text becomes a
 * field where the tag is printed. This module is the grammar only: where tags are in a page's text,
 * what a tag says, and the one way to write a tag down; finding glyphs and erasing them is the PDF
 * layer's work.
 */
export interface TextTag {
  type: FieldType;
  /** A 1-based position among the envelope's signers, or a signer_title. */
  signer: number | string;
  /** Absent: the field type's default (required for signature and initials). */
  required?: boolean;
  name?: string;
  /** Points; with either, the field's bottom-left corner is the start of the tag's baseline. */
  width?: number;
  height?: number;
  defaultValue?: string;
  /** A dropdown's or radio group's choices. */
  options?: string[];
}

/** Bounds on what one tag may say; the field limits of docs/api/limits.md apply to what it becomes. */
export const TEXT_TAG_LIMITS = {
  /** Characters from `{{` to `}}`: a longer one is reported with its start only. */
  maxTagLength: 1000,
  /** Points: PDF's own largest page side (200 inches). */
  minDimension: 1,
  maxDimension: 14_400,
  maxNameLength: 64,
  maxOptions: 100,
  maxOptionLength: 200,
  /** The characters of a bad tag quoted back in its problem. */
  maxQuotedLength: 80,
} as const;

/** Where a tag is in a line of text: `[start, end)`; `terminated` false when no `}}` closes it. */
export interface TagSpan {
  start: number;
  end: number;
  terminated: boolean;
}

export type ParsedTextTag = { tag: TextTag } | { reason: string };

const ESCAPE = '\\';

/**
 * Every `{{` of a line of text, with where its tag ends. A backslash makes the next character plain
 * (so `\}` may stand inside a value); a tag ends at the first plain `}}`. A `{{` that meets another
 * plain `{{`, the end of the line or the length limit first is unterminated and ends there (at the
 * limit, or just before the next `{{`, which starts a tag of its own). A `}}` outside any tag is text.
 */
export const findTagSpans = (line: string): TagSpan[] => {
  const spans: TagSpan[] = [];
  let start = line.indexOf('{{');
  while (start >= 0) {
    const limit = Math.min(line.length, start + TEXT_TAG_LIMITS.maxTagLength);
    let end = -1;
    let stop = limit;
    for (let i = start + 2; i < limit; i += 1) {
      const char = line[i];
      if (char === ESCAPE) {
        i += 1;
      } else if (char === '}' && line[i + 1] === '}' && i + 2 <= limit) {
        end = i + 2;
        break;
      } else if (char === '{' && line[i + 1] === '{') {
        stop = i;
        break;
      }
    }
    spans.push(end >= 0 ? { start, end, terminated: true } : { start, end: stop, terminated: false });
    start = line.indexOf('{{', end >= 0 ? end : Math.max(stop, start + 2));
  }
  return spans;
};

/** A character of a tag, and whether a backslash made it plain. */
interface TagChar {
  char: string;
  escaped: boolean;
}

const unescape = (text: string): TagChar[] | undefined => {
  const chars: TagChar[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== ESCAPE) {
      chars.push({ char: text[i]!, escaped: false });
      continue;
    }
    if (i + 1 >= text.length) return undefined;
    chars.push({ char: text[i + 1]!, escaped: true });
    i += 1;
  }
  return chars;
};

const split = (chars: readonly TagChar[], separator: string, limit = Infinity): TagChar[][] => {
  const parts: TagChar[][] = [[]];
  for (const char of chars) {
    if (!char.escaped && char.char === separator && parts.length < limit) parts.push([]);
    else parts.at(-1)!.push(char);
  }
  return parts;
};

const isSpace = (char: TagChar): boolean => !char.escaped && /\s/u.test(char.char);

/** The text of a part, without the unescaped whitespace around it (text extraction adds spaces at gaps). */
const text = (chars: readonly TagChar[]): string => {
  let from = 0;
  let to = chars.length;
  while (from < to && isSpace(chars[from]!)) from += 1;
  while (to > from && isSpace(chars[to - 1]!)) to -= 1;
  return chars
    .slice(from, to)
    .map((char) => char.char)
    .join('');
};

const quote = (value: string): string =>
  JSON.stringify(value.length > TEXT_TAG_LIMITS.maxQuotedLength ? `${value.slice(0, TEXT_TAG_LIMITS.maxQuotedLength)}…` : value);

const TYPE_ALIASES: Readonly<Record<string, FieldType>> = { date: 'date_signed' };

const parseType = (raw: string): { type: FieldType } | { reason: string } => {
  const name = raw.toLowerCase();
  const type = TYPE_ALIASES[name] ?? FIELD_TYPES.find((candidate) => candidate === name);
  if (type) return { type };
  const types = `one of ${FIELD_TYPES.join(', ')}, or date`;
  return { reason: raw === '' ? `the tag names no field type (${types}).` : `${quote(raw)} is not a field type (${types}).` };
};

const POSITION = /^\d+$/;

const parseSigner = (raw: string): { signer: number | string } | { reason: string } => {
  if (raw === '') return { reason: 'the tag names no signer (a 1-based position among the signers, or a signer_title).' };
  if (!POSITION.test(raw)) return { signer: raw };
  const position = Number(raw);
  if (position < 1 || !Number.isSafeInteger(position)) return { reason: `signer positions start at 1 (got ${raw}).` };
  return { signer: position };
};

const DIMENSION = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

const parseDimension = (key: string, raw: string): number | string => {
  const value = Number(raw);
  const { minDimension, maxDimension } = TEXT_TAG_LIMITS;
  return DIMENSION.test(raw) && value >= minDimension && value <= maxDimension
    ? value
    : `${key} must be a number of points from ${minDimension} to ${maxDimension} (got ${quote(raw)}).`;
};

const parseOptions = (chars: readonly TagChar[]): string[] | string => {
  const options = split(chars, '|').map(text);
  const { maxOptions, maxOptionLength } = TEXT_TAG_LIMITS;
  if (options.some((option) => option === '')) return 'options are separated by | and none may be empty.';
  if (options.length > maxOptions) return `a field has at most ${maxOptions} options.`;
  if (options.some((option) => option.length > maxOptionLength)) return `an option is at most ${maxOptionLength} characters long.`;
  if (new Set(options).size !== options.length) return 'options must be distinct.';
  return options;
};

type OptionKey = 'required' | 'optional' | 'name' | 'w' | 'h' | 'default' | 'options';
const FLAGS: readonly OptionKey[] = ['required', 'optional'];
const VALUED: readonly OptionKey[] = ['name', 'w', 'h', 'default', 'options'];
const OPTION_KEYS = [...FLAGS, ...VALUED];

/** One `;`-separated option applied to the tag, or why it cannot be. */
const applyOption = (tag: TextTag, key: OptionKey, value: TagChar[] | undefined): string | undefined => {
  if (FLAGS.includes(key)) {
    if (value) return `${key} takes no value.`;
    if (tag.required !== undefined) return 'required and optional exclude each other.';
    tag.required = key === 'required';
    return undefined;
  }
  if (!value) return `${key} needs a value (${key}=…).`;
  const raw = text(value);
  if (raw === '') return `${key} needs a value (${key}=…).`;
  switch (key) {
    case 'name':
      if (raw.length > TEXT_TAG_LIMITS.maxNameLength) return `name is at most ${TEXT_TAG_LIMITS.maxNameLength} characters long.`;
      tag.name = raw;
      return undefined;
    case 'w':
    case 'h': {
      const dimension = parseDimension(key, raw);
      if (typeof dimension === 'string') return dimension;
      if (key === 'w') tag.width = dimension;
      else tag.height = dimension;
      return undefined;
    }
    case 'default':
      tag.defaultValue = raw;
      return undefined;
    default: {
      const options = parseOptions(value);
      if (typeof options === 'string') return options;
      tag.options = options;
      return undefined;
    }
  }
};

/** What the options say must agree with the field type (the rules of docs/concepts/fields.md). */
const typeProblem = (tag: TextTag): string | undefined => {
  if (hasOptions(tag.type) && !tag.options) return `a ${tag.type} needs its choices: options=<a>|<b>|….`;
  if (!hasOptions(tag.type) && tag.options) return `options are only for dropdown and radio fields.`;
  if (tag.defaultValue === undefined) return undefined;
  if (isSelfFilling(tag.type) || tag.type === 'attachment') return `a ${tag.type} field takes no default.`;
  const invalid = valueProblem({ type: tag.type, options: tag.options ?? null }, normalizeValue(tag.type, tag.defaultValue));
  return invalid && `default: ${invalid}`;
};

/**
 * What a whole tag (`{{…}}`, as findTagSpans delimits it) says, or the first reason it says nothing
 * usable. Type and option names are matched case-insensitively; whitespace around each part is
 * ignored; a backslash makes the next character plain. Every option may be given once.
 */
export const parseTextTag = (tagText: string): ParsedTextTag => {
  if (!tagText.startsWith('{{') || !tagText.endsWith('}}') || tagText.length < 4) {
    return { reason: 'a tag starts with {{ and ends with }} on the same line.' };
  }
  if (tagText.length > TEXT_TAG_LIMITS.maxTagLength) return { reason: `a tag is at most ${TEXT_TAG_LIMITS.maxTagLength} characters long.` };
  const chars = unescape(tagText.slice(2, -2));
  if (!chars) return { reason: 'a backslash must be followed by the character it escapes.' };
  const [head = [], ...options] = split(chars, ';');
  const [rawType = [], rawSigner] = split(head, ':', 2);
  const type = parseType(text(rawType));
  if ('reason' in type) return type;
  if (!rawSigner) return { reason: 'the type is followed by :<signer> (a 1-based position among the signers, or a signer_title).' };
  const signer = parseSigner(text(rawSigner));
  if ('reason' in signer) return signer;
  const tag: TextTag = { type: type.type, signer: signer.signer };
  const seen = new Set<OptionKey>();
  for (const option of options) {
    const [rawKey = [], value] = split(option, '=', 2);
    const name = text(rawKey);
    if (name === '' && !value) return { reason: 'an option between two semicolons is empty.' };
    const key = OPTION_KEYS.find((candidate) => candidate === name.toLowerCase());
    if (!key) return { reason: `${quote(name)} is not an option (${OPTION_KEYS.join(', ')}).` };
    if (seen.has(key)) return { reason: `${key} is given twice.` };
    seen.add(key);
    const reason = applyOption(tag, key, value);
    if (reason) return { reason };
  }
  const reason = typeProblem(tag);
  return reason ? { reason } : { tag };
};

/** A value as a tag writes it: the grammar's own characters escaped, and whitespace at either end (which reading trims). */
const escapeValue = (value: string, special: string): string => {
  const chars = [...value];
  const outermost = (index: number): boolean => index === 0 || index === chars.length - 1;
  return chars
    .map((char, index) => (`\\{};${special}`.includes(char) || (outermost(index) && /\s/u.test(char)) ? `\\${char}` : char))
    .join('');
};

/** The tag written down in the canonical order; parseTextTag reads it back as the same tag. */
export const printTextTag = (tag: TextTag): string => {
  const parts = [`${tag.type}:${typeof tag.signer === 'number' ? tag.signer : escapeValue(tag.signer, '')}`];
  if (tag.required !== undefined) parts.push(tag.required ? 'required' : 'optional');
  if (tag.name !== undefined) parts.push(`name=${escapeValue(tag.name, '')}`);
  if (tag.width !== undefined) parts.push(`w=${tag.width}`);
  if (tag.height !== undefined) parts.push(`h=${tag.height}`);
  if (tag.defaultValue !== undefined) parts.push(`default=${escapeValue(tag.defaultValue, '')}`);
  if (tag.options !== undefined) parts.push(`options=${tag.options.map((option) => escapeValue(option, '|')).join('|')}`);
  return `{{${parts.join(';')}}}`;
};

/** A tag of a line of text: where it is, its text, and what it says. */
export interface LineTag {
  span: TagSpan;
  text: string;
  parsed: ParsedTextTag;
}

/** Every tag of a line of text, read; an unterminated one says why. */
export const readLineTags = (line: string): LineTag[] =>
  findTagSpans(line).map((span) => {
    const tagText = line.slice(span.start, span.end);
    if (span.terminated) return { span, text: tagText, parsed: parseTextTag(tagText) };
    const reason =
      span.end - span.start >= TEXT_TAG_LIMITS.maxTagLength
        ? `no }} closes it within ${TEXT_TAG_LIMITS.maxTagLength} characters (the longest a tag may be).`
        : 'no }} closes it on its line.';
    return { span, text: tagText, parsed: { reason } };
  });

/** A tag as messages name it: as written, a long one shortened. */
export const describeTextTag = (page: number, tagText: string): string => {
  const shown = tagText.length > TEXT_TAG_LIMITS.maxQuotedLength ? `${tagText.slice(0, TEXT_TAG_LIMITS.maxQuotedLength)}…` : tagText;
  return `The text tag ${shown} on page ${page}`;
};

/** A bad tag as the contract reports it (INVALID_TEXT_TAG): its page, its text, and why. */
export const textTagProblem = (page: number, tagText: string, reason: string, field?: string): Problem => ({
  code: 'INVALID_TEXT_TAG',
  message: `${describeTextTag(page, tagText)}: ${reason}`,
  ...(field ? { field } : {}),
});
