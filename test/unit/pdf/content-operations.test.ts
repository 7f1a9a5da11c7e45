import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readOperations, type Operand } from '../../../src/infra/pdf/content-operations.js';

const bytes = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const operations = (text: string) => [...readOperations(bytes(text))];
const stringOf = (operand: Operand | undefined): string => {
  assert.equal(operand?.kind, 'string');
  return Buffer.from((operand as { bytes: Uint8Array }).bytes).toString('latin1');
};

describe('readOperations', () => {
  it('reads operators with their operands and where each lies in the bytes', () => {
    const text = '  q 1 0 0 1 10.5 -.5 cm BT /F1 12 Tf (Hi) Tj ET Q';
    const read = operations(text);
    assert.deepEqual(
      read.map((operation) => [operation.operator, text.slice(operation.start, operation.end)]),
      [
        ['q', 'q'],
        ['cm', '1 0 0 1 10.5 -.5 cm'],
        ['BT', 'BT'],
        ['Tf', '/F1 12 Tf'],
        ['Tj', '(Hi) Tj'],
        ['ET', 'ET'],
        ['Q', 'Q'],
      ],
    );
    assert.deepEqual(
      read[1]!.operands,
      [1, 0, 0, 1, 10.5, -0.5].map((value) => ({ kind: 'number', value })),
    );
    assert.deepEqual(read[3]!.operands[0], { kind: 'name', value: 'F1' });
  });

  it('decodes literal strings (escapes, octal codes, balanced parentheses, line continuations) and hex strings', () => {
    const [tj, hex, odd] = operations('(a\\(b\\)c (nested) \\101\\0612 \\n\\\\ line\\\ncontinued\r\nend) Tj <48 65 6c6C6f> Tj <4> Tj');
    assert.equal(stringOf(tj!.operands[0]), 'a(b)c (nested) A12 \n\\ linecontinued\nend');
    assert.equal(stringOf(hex!.operands[0]), 'Hello');
    assert.equal(stringOf(odd!.operands[0]), '@');
  });

  it('reads TJ arrays, names with # escapes, dictionaries of marked content, and skips comments', () => {
    const [bdc, tj, emc] = operations('/Span <</ActualText (x) /MCID 3>> BDC % a comment ) [ ( Tj\n[(A) -250 (B) 12.5] TJ EMC /A#20B BMC');
    assert.equal(bdc!.operator, 'BDC');
    assert.deepEqual(bdc!.operands, [{ kind: 'name', value: 'Span' }, { kind: 'other' }]);
    assert.equal(tj!.operator, 'TJ');
    const items = (tj!.operands[0] as { items: Operand[] }).items;
    assert.deepEqual(
      items.map((item) => (item.kind === 'number' ? item.value : stringOf(item))),
      ['A', -250, 'B', 12.5],
    );
    assert.equal(emc!.operator, 'EMC');
    assert.deepEqual(operations('/A#20B BMC')[0]!.operands[0], { kind: 'name', value: 'A B' });
  });

  it('skips an inline image whose data holds the letters EI, by its length or by what follows it', () => {
    const data = 'xxEI EI\u00ff\u0000';
    for (const dictionary of [`/W 2 /H 2 /L ${data.length}`, '/W 2 /H 2']) {
      const text = `q BI ${dictionary} ID ${data} EI Q BT (after) Tj ET`;
      assert.deepEqual(
        operations(text).map((operation) => operation.operator),
        ['q', 'BI', 'Q', 'BT', 'Tj', 'ET'],
        dictionary,
      );
    }
  });

  it('reads deeply nested arrays without recursing into them', () => {
    const read = operations(`${'['.repeat(100_000)} (x) ${']'.repeat(100_000)} TJ (y) Tj`);
    assert.equal(read.at(-1)!.operator, 'Tj');
    assert.equal(stringOf(read.at(-1)!.operands[0]), 'y');
  });

  it('reads any bytes into operations in order, within the bytes, without throwing', () => {
    const unit = fc.constantFrom(...'()<>[]{}/%\\ \n\r0123456789.-+abcdefBTEIJjQq\u0000\u00ff'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        const input = Uint8Array.from(Buffer.from(text, 'latin1'));
        let end = 0;
        for (const operation of readOperations(input)) {
          assert.ok(operation.start >= end && operation.end >= operation.start && operation.end <= input.length);
          end = operation.end;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
