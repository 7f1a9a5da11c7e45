import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { AppError, type ErrorCode } from '../../src/domain/app-error.js';
import { statusOf } from '../../src/http/errors.js';

const page = readFileSync(new URL('../../docs/api/errors.md', import.meta.url), 'utf8');

/** The page's rows `| \`CODE\` | status | meaning |`, by code. */
const documented = new Map(
  [...page.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, status, meaning]) => [
    code!,
    { status: Number(status), meaning: meaning! },
  ]),
);

/** Every code the type-checked status table of src/http/errors.ts maps, read from its source. */
const codes = [...readFileSync(new URL('../../src/http/errors.ts', import.meta.url), 'utf8').matchAll(/^ {2}([A-Z_]+): \d{3},$/gm)].map(
  ([, code]) => code as ErrorCode,
);

describe('docs/api/errors.md', () => {
  it('lists every error code the API answers, with the status the API answers it with', () => {
    assert.ok(codes.length >= 150, `only ${codes.length} codes read from src/http/errors.ts: the pattern no longer matches it`);
    const missing = codes.filter((code) => !documented.has(code));
    assert.deepEqual(missing, [], 'codes missing from docs/api/errors.md');
    const wrongStatus = codes.filter((code) => documented.get(code)!.status !== statusOf(new AppError(code, '')));
    assert.deepEqual(wrongStatus, [], 'codes listed with another status than the API answers');
  });

  it('lists no code the API does not have, each once and with a meaning', () => {
    assert.deepEqual(
      [...documented.keys()].filter((code) => !codes.includes(code as ErrorCode)),
      [],
      'codes on the page that the API does not answer',
    );
    const rows = [...page.matchAll(/^\| `([A-Z_]+)` \| \d{3} \|/gm)].map(([, code]) => code);
    assert.equal(rows.length, new Set(rows).size, 'a code is listed twice');
    assert.deepEqual(
      [...documented].filter(([, row]) => row.meaning.trim().length < 10).map(([code]) => code),
      [],
      'codes without a meaning',
    );
  });
});
