import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIELD_TYPES, hasOptions, isSelfFilling } from '../../../src/domain/field-rules.js';
import {
  findTagSpans,
  parseTextTag,
  printTextTag,
  readLineTags,
  TEXT_TAG_LIMITS,
  textTagProblem,
  type TextTag,
} from '../../../src/domain/text-tags.js';

const parsed = (text: string): TextTag => {
  const result = parseTextTag(text);
  assert.ok('tag' in result, `${text}: ${'reason' in result ? result.reason : ''}`);
  return result.tag;
};

const reason = (text: string): string => {
  const result = parseTextTag(text);
  assert.ok('reason' in result, `${text} was read as ${JSON.stringify(result)}`);
  return result.reason;
};

describe('parseTextTag', () => {
  it('reads the examples of the grammar', () => {
    assert.deepEqual(parsed('{{signature:1}}'), { type: 'signature', signer: 1 });
    assert.deepEqual(parsed('{{date:Buyer}}'), { type: 'date_signed', signer: 'Buyer' });
    assert.deepEqual(parsed('{{text:2;name=company;w=180}}'), { type: 'text', signer: 2, name: 'company', width: 180 });
  });

  it('reads every option, in any order, matching type and option names in any case', () => {
    assert.deepEqual(parsed('{{Text:Seller; OPTIONAL ;h=14.5;Default=ACME Inc.;Name=company;W=200.25}}'), {
      type: 'text',
      signer: 'Seller',
      required: false,
      height: 14.5,
      defaultValue: 'ACME Inc.',
      name: 'company',
      width: 200.25,
    });
    assert.deepEqual(parsed('{{checkbox:3;required;default=TRUE}}'), { type: 'checkbox', signer: 3, required: true, defaultValue: 'TRUE' });
    assert.deepEqual(parsed('{{dropdown:1;options=Red| Green |Blue;default=Green}}'), {
      type: 'dropdown',
      signer: 1,
      options: ['Red', 'Green', 'Blue'],
      defaultValue: 'Green',
    });
    for (const type of FIELD_TYPES.filter((type) => !hasOptions(type))) assert.equal(parsed(`{{${type}:1}}`).type, type);
  });

  it('ignores whitespace around each part, as text extraction may put spaces at gaps', () => {
    assert.deepEqual(parsed('{{ signature : 1 ; required }}'), { type: 'signature', signer: 1, required: true });
    assert.deepEqual(parsed('{{initials: Co-Buyer 2 }}'), { type: 'initials', signer: 'Co-Buyer 2' });
  });

  it('takes a backslash to make the next character plain: semicolons, braces and spaces in values', () => {
    assert.deepEqual(parsed('{{text:1;default=a\\;b\\}\\}c\\\\;name=x=y}}'), {
      type: 'text',
      signer: 1,
      defaultValue: 'a;b}}c\\',
      name: 'x=y',
    });
    assert.deepEqual(parsed('{{text:1;default=\\ padded\\ }}'), { type: 'text', signer: 1, defaultValue: ' padded ' });
    assert.deepEqual(parsed('{{text:Role\\;A: B}}'), { type: 'text', signer: 'Role;A: B' });
    assert.match(reason('{{text:1;default=a\\}}'), /backslash/);
  });

  it('gives one reason for each kind of bad tag', () => {
    const cases: [string, RegExp][] = [
      ['{{}}', /names no field type/],
      ['{{signatur:1}}', /"signatur" is not a field type/],
      ['{{signature}}', /followed by :<signer>/],
      ['{{signature:}}', /names no signer/],
      ['{{signature:0}}', /start at 1/],
      ['{{signature:99999999999999999999}}', /start at 1/],
      ['{{signature:1;colour=red}}', /"colour" is not an option/],
      ['{{signature:1;required;required}}', /required is given twice/],
      ['{{signature:1;required;optional}}', /exclude each other/],
      ['{{signature:1;required=yes}}', /takes no value/],
      ['{{text:1;name}}', /name needs a value/],
      ['{{text:1;name=}}', /name needs a value/],
      ['{{text:1;;required}}', /empty/],
      ['{{text:1;w=0}}', /w must be a number of points from 1 to 14400/],
      ['{{text:1;w=14400.5}}', /from 1 to 14400/],
      ['{{text:1;h=-5}}', /h must be/],
      ['{{text:1;w=1e3}}', /w must be/],
      ['{{text:1;w=Infinity}}', /w must be/],
      ['{{text:1;w=12;w=13}}', /w is given twice/],
      [`{{text:1;name=${'n'.repeat(65)}}}`, /at most 64 characters/],
      ['{{dropdown:1}}', /needs its choices/],
      ['{{dropdown:1;options=a||b}}', /none may be empty/],
      ['{{radio:1;options=a|a}}', /distinct/],
      [`{{radio:1;options=${Array.from({ length: 101 }, (_, i) => i).join('|')}}}`, /at most 100 options/],
      ['{{text:1;options=a|b}}', /only for dropdown and radio/],
      ['{{signature:1;default=x}}', /takes no default/],
      ['{{attachment:1;default=x}}', /takes no default/],
      ['{{number:1;default=ten}}', /default: "ten" is not a number/],
      ['{{checkbox:1;default=yes}}', /default: A checkbox value/],
      ['{{dropdown:1;options=a|b;default=c}}', /not one of the options/],
      ['{signature:1}', /starts with \{\{/],
      [`{{text:1;default=${'x'.repeat(TEXT_TAG_LIMITS.maxTagLength)}}}`, /at most 1000 characters/],
    ];
    for (const [text, expected] of cases) assert.match(reason(text), expected, text);
  });

  it('quotes long values back shortened', () => {
    const said = reason(`{{${'x'.repeat(500)}:1}}`);
    assert.ok(said.includes(`"${'x'.repeat(TEXT_TAG_LIMITS.maxQuotedLength)}…"`), said);
    assert.ok(!said.includes('x'.repeat(TEXT_TAG_LIMITS.maxQuotedLength + 1)), said);
  });
});

describe('findTagSpans and readLineTags', () => {
  it('finds every tag of a line, with the text around them left alone', () => {
    const line = 'Signed: {{signature:1}} on {{date:1}} }} stray';
    assert.deepEqual(
      findTagSpans(line).map(({ start, end }) => line.slice(start, end)),
      ['{{signature:1}}', '{{date:1}}'],
    );
  });

  it('ends a tag at the first plain }}, not at an escaped one', () => {
    const line = '{{text:1;default=a\\}}}}';
    assert.deepEqual(findTagSpans(line), [{ start: 0, end: line.length - 1, terminated: true }]);
  });

  it('reports a {{ without }} on its line, and reads the tag that follows a second {{', () => {
    const tags = readLineTags('{{signature:1 then {{date:2}}');
    assert.equal(tags.length, 2);
    assert.deepEqual(tags[0]!.parsed, { reason: 'no }} closes it on its line.' });
    assert.equal(tags[0]!.text, '{{signature:1 then ');
    assert.deepEqual(tags[1]!.parsed, { tag: { type: 'date_signed', signer: 2 } });
  });

  it('stops looking for }} after the longest a tag may be', () => {
    const line = `{{text:1;default=${'x'.repeat(100_000)}}} {{signature:1}}`;
    const tags = readLineTags(line);
    assert.equal(tags.length, 2);
    assert.equal(tags[0]!.text.length, TEXT_TAG_LIMITS.maxTagLength);
    assert.match((tags[0]!.parsed as { reason: string }).reason, /within 1000 characters/);
    assert.deepEqual(tags[1]!.parsed, { tag: { type: 'signature', signer: 1 } });
  });

  it('reports the problem with the page and the tag text', () => {
    assert.deepEqual(textTagProblem(3, '{{bad:1}}', 'why.', 'documents[0]'), {
      code: 'INVALID_TEXT_TAG',
      message: 'The text tag {{bad:1}} on page 3: why.',
      field: 'documents[0]',
    });
    const long = `{{text:1;default=${'x'.repeat(2000)}`;
    assert.equal(
      textTagProblem(1, long, 'why.').message,
      `The text tag ${long.slice(0, TEXT_TAG_LIMITS.maxQuotedLength)}… on page 1: why.`,
    );
  });
});

const plainValue = fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' });
const title = plainValue.filter((value) => value.trim() !== '' && !/^\s*\d+\s*$/.test(value));
const dimension = fc.double({ min: TEXT_TAG_LIMITS.minDimension, max: TEXT_TAG_LIMITS.maxDimension, noNaN: true });

const tagArbitrary: fc.Arbitrary<TextTag> = fc
  .record(
    {
      type: fc.constantFrom(...FIELD_TYPES),
      signer: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), title),
      required: fc.boolean(),
      name: plainValue.filter((value) => value.length <= TEXT_TAG_LIMITS.maxNameLength),
      width: dimension,
      height: dimension,
      options: fc.uniqueArray(plainValue, { minLength: 1, maxLength: 5 }),
      defaultValue: plainValue,
    },
    { requiredKeys: ['type', 'signer'] },
  )
  .map((tag) => {
    const shaped: TextTag = { ...tag };
    if (hasOptions(tag.type)) shaped.options = tag.options ?? ['only'];
    else delete shaped.options;
    if (shaped.defaultValue !== undefined) {
      if (isSelfFilling(tag.type) || tag.type === 'attachment') delete shaped.defaultValue;
      else if (tag.type === 'number') shaped.defaultValue = String(tag.defaultValue!.length);
      else if (tag.type === 'checkbox') shaped.defaultValue = tag.defaultValue!.length % 2 ? 'true' : 'false';
      else if (hasOptions(tag.type)) shaped.defaultValue = shaped.options![0];
    }
    return shaped;
  });

describe('text tag properties', () => {
  it('reads back every printed tag as the same tag', () => {
    fc.assert(
      fc.property(tagArbitrary, (tag) => {
        const printed = printTextTag(tag);
        assert.deepEqual(parseTextTag(printed), { tag });
        assert.deepEqual(
          findTagSpans(`before ${printed} after`).map((span) => span.terminated),
          [true],
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a printed tag in any line that has no {{ of its own', () => {
    const text = fc.string({ maxLength: 40 }).filter((value) => !value.includes('{{') && !value.endsWith('{') && !value.startsWith('}'));
    fc.assert(
      fc.property(text, tagArbitrary, text, (before, tag, after) => {
        const printed = printTextTag(tag);
        const tags = readLineTags(`${before}${printed}${after}`);
        assert.equal(tags.length, 1);
        assert.equal(tags[0]!.text, printed);
        assert.deepEqual(tags[0]!.parsed, { tag });
      }),
      { numRuns: 1000 },
    );
  });

  it('answers any text with tags or reasons, never with an exception', () => {
    const braces = fc.string({ unit: fc.constantFrom('{', '}', '\\', ';', ':', '=', '|', ' ', 'a', '1', 'w', 'h'), maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200, unit: 'binary' }), braces), (line) => {
        let previousEnd = 0;
        for (const { span, text, parsed } of readLineTags(line)) {
          assert.ok(span.start >= previousEnd && span.end <= line.length && span.end - span.start <= TEXT_TAG_LIMITS.maxTagLength);
          assert.ok(text.startsWith('{{'));
          assert.ok('tag' in parsed || parsed.reason.length > 0);
          previousEnd = span.end;
        }
        for (const candidate of [line, `{{${line}}}`]) {
          const result = parseTextTag(candidate);
          assert.ok('tag' in result || (typeof result.reason === 'string' && result.reason.length > 0));
        }
      }),
      { numRuns: 5000 },
    );
  });
});
