import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** Which floors each floor may not reach (docs/contributing/architecture.md); cli/ is a composition root, like main.ts. */
const FORBIDDEN: Record<string, string[]> = {
  domain: ['app', 'infra', 'http', 'cli'],
  app: ['http', 'cli'],
  infra: ['app', 'http', 'cli'],
  http: ['infra', 'cli'],
};
const FLOORS = ['domain', 'app', 'infra', 'http'];
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

describe('the floor rule of eslint.config.js', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: fileURLToPath(new URL('../../', import.meta.url)) });
  });

  /** The boundary problems ESLint reports for `code` as if it were the file at `filePath`. */
  const boundaryProblems = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((message) => message.ruleId && BOUNDARY_RULES.has(message.ruleId));
  };

  const ways = {
    'a static import': (target: string) => `import { thing } from '${target}';\nexport const used = thing;\n`,
    'a re-export': (target: string) => `export { thing } from '${target}';\n`,
    'a dynamic import': (target: string) => `export const load = async () => (await import('${target}')).thing;\n`,
  };

  for (const floor of FLOORS) {
    for (const other of [...FLOORS, 'cli'].filter((f) => f !== floor)) {
      const refused = FORBIDDEN[floor]!.includes(other);
      it(`${refused ? 'refuses' : 'allows'} src/${floor}/ reaching src/${other}/ by a static import, a re-export and a dynamic import`, async () => {
        for (const [way, write] of Object.entries(ways)) {
          const problems = await boundaryProblems(`src/${floor}/area/x.ts`, write(`../../${other}/module.js`));
          assert.equal(problems.length, refused ? 1 : 0, `${way}: ${JSON.stringify(problems)}`);
          if (refused) assert.match(problems[0]!.message, new RegExp(`src/${floor}/ must not import from .*src/${other}/`), way);
        }
      });
    }
  }

  it('refuses `await import("../infra/…")` in src/http/ with the floor message', async () => {
    const problems = await boundaryProblems('src/http/x.ts', "export const load = async () => (await import('../infra/db/db.js')).db;\n");
    assert.deepEqual(
      problems.map((p) => [p.ruleId, p.message]),
      [['no-restricted-syntax', 'src/http/ must not import from src/infra/, src/cli/ (docs/contributing/architecture.md).']],
    );
  });

  it('allows dynamic imports within a floor, of a lower floor and of packages', async () => {
    const code = [
      "export const identity = async () => (await import('./pdf/signing-identity.js')).loadSigningIdentity;",
      "export const error = async () => (await import('../domain/app-error.js')).AppError;",
      "export const types = async () => (await import('file-type')).fileTypeFromBuffer;",
    ].join('\n');
    assert.deepEqual(await boundaryProblems('src/infra/keys.ts', `${code}\n`), []);
  });

  it('refuses a dynamic import whose module is not a string literal, which no rule could place on a floor', async () => {
    for (const source of ['`../infra/${name}.js`', '`../app/x.js`', 'name']) {
      const code = `export const load = async (name: string) => (await import(${source})).thing;\n`;
      const problems = await boundaryProblems('src/app/x.ts', code);
      assert.deepEqual(
        problems.map((p) => p.ruleId),
        ['no-restricted-syntax'],
        source,
      );
      assert.match(problems[0]!.message, /string literal/, source);
    }
  });
});
