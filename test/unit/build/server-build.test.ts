import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { buildServer, serverBuildIsFresh } from '../../../scripts/server-build.mjs';

const run = promisify(execFile);

/** A package the size of a test: the same layout and build settings as Countersign's, without its sources. */
const writePackage = async (root: string) => {
  await mkdir(join(root, 'src', 'cli'), { recursive: true });
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'tiny', type: 'module', private: true }));
  await writeFile(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: [] } }),
  );
  await writeFile(
    join(root, 'tsconfig.build.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { noEmit: false, noCheck: true, rootDir: 'src', outDir: 'dist/server' },
      include: ['src'],
    }),
  );
  await writeFile(join(root, 'src', 'main.ts'), "export const greeting: string = 'first';\nconsole.log(greeting);\n");
  await writeFile(join(root, 'src', 'cli', 'main.ts'), "console.log('cli');\n");
};

const runMain = async (root: string) => (await run(process.execPath, [join(root, 'dist', 'server', 'main.js')])).stdout.trim();

describe('the server build (scripts/server-build.mjs)', () => {
  let root: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'countersign-build-'));
    await writePackage(root);
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('is stale until built, then fresh: a second build --if-stale does nothing', async () => {
    assert.equal(serverBuildIsFresh(root), false);
    let announced = 0;
    assert.equal(await buildServer(root, { ifStale: true, onBuild: () => announced++ }), true);
    assert.equal(announced, 1);
    assert.equal(await runMain(root), 'first');
    assert.equal(serverBuildIsFresh(root), true);
    assert.equal(await buildServer(root, { ifStale: true, onBuild: () => announced++ }), false);
    assert.equal(announced, 1);
  });

  it('goes stale when a source changes, appears, disappears or moves, or when the settings or package.json change', async () => {
    const changes: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'a changed source',
        () => writeFile(join(root, 'src', 'cli', 'main.ts'), "console.log('cli 2');\n"),
        () => writeFile(join(root, 'src', 'cli', 'main.ts'), "console.log('cli');\n"),
      ],
      ['a new source', () => writeFile(join(root, 'src', 'extra.ts'), 'export {};\n'), () => rm(join(root, 'src', 'extra.ts'))],
      [
        'a deleted source',
        () => rm(join(root, 'src', 'cli', 'main.ts')),
        () => writeFile(join(root, 'src', 'cli', 'main.ts'), "console.log('cli');\n"),
      ],
      [
        'a renamed source',
        () => rename(join(root, 'src', 'cli', 'main.ts'), join(root, 'src', 'cli', 'index.ts')),
        () => rename(join(root, 'src', 'cli', 'index.ts'), join(root, 'src', 'cli', 'main.ts')),
      ],
      ['changed settings', () => writeFile(join(root, 'tsconfig.build.json'), '{}'), () => writePackage(root)],
      ['a changed package.json', () => writeFile(join(root, 'package.json'), '{"type":"module"}'), () => writePackage(root)],
    ];
    for (const [what, change, undo] of changes) {
      await change();
      assert.equal(serverBuildIsFresh(root), false, what);
      await undo();
      assert.equal(serverBuildIsFresh(root), true, `${what}, undone`);
    }
  });

  it('judges by content, not by time: a touched but unchanged file needs no build', async () => {
    const future = new Date(Date.now() + 3_600_000);
    await utimes(join(root, 'src', 'main.ts'), future, future);
    assert.equal(serverBuildIsFresh(root), true);
  });

  it('builds once when two builds start together, and the second finds the first one’s output', async () => {
    await writeFile(join(root, 'src', 'main.ts'), "console.log('second');\n");
    let announced = 0;
    const built = await Promise.all([1, 2].map(() => buildServer(root, { ifStale: true, onBuild: () => announced++ })));
    assert.deepEqual([...built].sort(), [false, true]);
    assert.equal(announced, 1);
    assert.equal(await runMain(root), 'second');
  });

  it('takes over the lock of a build whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await writeFile(join(root, 'dist', '.server-build.lock'), String(gone));
    await writeFile(join(root, 'src', 'main.ts'), "console.log('third');\n");
    assert.equal(await buildServer(root, { ifStale: true }), true);
    assert.equal(await runMain(root), 'third');
    assert.equal(existsSync(join(root, 'dist', '.server-build.lock')), false);
  });

  it('keeps the previous build, and nothing half-written, when the compiler fails', async () => {
    await writeFile(join(root, 'src', 'main.ts'), 'console.log(;\n');
    await assert.rejects(buildServer(root, { ifStale: true }), /tsc -p tsconfig.build.json failed/);
    assert.equal(await runMain(root), 'third');
    assert.equal(serverBuildIsFresh(root), false);
    assert.deepEqual((await readdir(join(root, 'dist'))).sort(), ['server']);
    assert.match(await readFile(join(root, 'dist', 'server', 'build-stamp.json'), 'utf8'), /"inputs"/);
  });
});
