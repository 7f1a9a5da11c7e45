const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const SPACE = 0x20;

/** `\binN`: N bytes of binary data follow, braces among them (RTF 1.9.1, "\bin"). */
const BIN = Buffer.from('bin', 'latin1');

/** Where the binary data of a `\binN` starting at `at` (its backslash) ends, or undefined when it is not one. */
const binaryEnd = (bytes: Uint8Array, at: number): number | undefined => {
  if (!BIN.every((byte, i) => bytes[at + 1 + i] === byte)) return undefined;
  let i = at + 4;
  let length = 0;
  for (; i < bytes.length && bytes[i]! >= DIGIT_0 && bytes[i]! <= DIGIT_9 && i < at + 14; i++) length = length * 10 + bytes[i]! - DIGIT_0;
  if (i === at + 4) return undefined;
  if (bytes[i] === SPACE) i++;
  return i + length;
};

/**
 * Why an RTF document is cut short, or undefined when it is not: the group it opens with (`{\rtf`)
 * must close. An RTF reader cannot load a file whose outermost group never closes (LibreOffice
 * refuses it), so it is refused as broken without starting one. Escaped braces (`\{`, `\}`) and
 * `\bin` data are not groups.
 */
export const rtfGroupProblem = (bytes: Uint8Array): string | undefined => {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === BACKSLASH) {
      const end = binaryEnd(bytes, i);
      i = end === undefined ? i + 1 : end - 1;
    } else if (byte === OPEN) depth++;
    else if (byte === CLOSE && --depth === 0) return undefined;
  }
  return `${depth} of its groups ${depth === 1 ? 'is' : 'are'} never closed`;
};
