import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import config from '../../docs/.vitepress/config.js';
import { servedOpenApiDocument } from '../../scripts/client/served-openapi-document.js';
import type { OpenApiDocument } from '../../scripts/docs/api-reference-markdown.js';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const docs = join(root, 'docs');

interface SidebarItem {
  text?: string;
  link?: string;
  items?: SidebarItem[];
}

const linksOf = (items: SidebarItem[]): string[] =>
  items.flatMap((item) => [...(item.link ? [item.link] : []), ...linksOf(item.items ?? [])]);

/** Every Markdown page of the site, as the link VitePress gives it: `/guide/getting-started`, `/contributing/`. */
const pagesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesOf(path);
    if (!entry.name.endsWith('.md')) return [];
    return [
      `/${relative(docs, path)
        .replace(/\.md$/, '')
        .replace(/(^|\/)index$/, '$1')}`,
    ];
  });

describe('the documentation site', () => {
  it('builds with `npm run docs:build`, the API reference written from the OpenAPI document first', async () => {
    const { stdout } = await exec('npm', ['run', 'docs:build'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    assert.match(stdout, /build complete/);
    assert.ok(existsSync(join(docs, '.vitepress', 'dist', 'api', 'reference.html')));
    assert.ok(existsSync(join(docs, '.vitepress', 'dist', 'operations', 'configuration.html')));

    const reference = readFileSync(join(docs, 'api', 'reference.md'), 'utf8');
    const document = (await servedOpenApiDocument()) as OpenApiDocument;
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `\`${method.toUpperCase()} ${path}\` · \`${operation.operationId}\``),
    );
    assert.ok(operations.length > 50);
    assert.deepEqual(
      operations.filter((line) => !reference.includes(line)),
      [],
      'operations missing from the reference',
    );
    for (const event of Object.keys(document.webhooks ?? {})) assert.ok(reference.includes(`### \`${event}\``), `webhook ${event} missing`);
    // Every example of a body or response is shown under its own emphasised title.
    const mediaTypes = [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})].flatMap((item) =>
      Object.values(item).flatMap((operation) => [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses ?? {}).flatMap((response) => Object.values(response.content ?? {})),
      ]),
    );
    const examples = mediaTypes.reduce(
      (sum, media) => sum + (media.example === undefined ? 0 : 1) + Object.keys(media.examples ?? {}).length,
      0,
    );
    const shown = reference.split('\n').filter((line) => /^\*[^*].*?\*(:|$)/.test(line)).length;
    assert.equal(shown, examples);
  });

  it('fails the build on a dead link, with the site’s own configuration', async () => {
    // Inside the repository (an ignored folder), so that its config resolves `vitepress` from node_modules.
    mkdirSync(join(root, '.test-tmp'), { recursive: true });
    const site = mkdtempSync(join(root, '.test-tmp', 'docs-'));
    try {
      cpSync(join(docs, '.vitepress', 'config.ts'), join(site, '.vitepress', 'config.ts'));
      writeFileSync(join(site, 'index.md'), '# Home\n\nSee [the missing page](./operations/no-such-page.md).\n');
      const failure = await exec(join(root, 'node_modules', '.bin', 'vitepress'), ['build', site], { cwd: root }).then(
        () => undefined,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      assert.ok(failure, 'the build passed with a dead link');
      assert.match(`${failure.stdout}${failure.stderr}`, /dead link.*no-such-page/i);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('lists every page in the sidebar, and every sidebar entry is a page', () => {
    const sidebar = linksOf((config.themeConfig?.sidebar ?? []) as SidebarItem[]);
    // The API reference is written at build time, so it may not exist yet when this runs.
    const pages = [...new Set([...pagesOf(docs), '/api/reference'])];
    const isHome = (page: string) => page === '/';
    assert.deepEqual(
      pages.filter((page) => !isHome(page) && !sidebar.includes(page)),
      [],
      'pages missing from the sidebar',
    );
    assert.deepEqual(
      sidebar.filter((link) => !pages.includes(link)),
      [],
      'sidebar entries without a page',
    );
  });

  it('documents every environment variable src/config.ts reads', () => {
    const source = readFileSync(join(root, 'src', 'config.ts'), 'utf8');
    const variables = new Set([...source.matchAll(/\(env, '([A-Z0-9_]+)'|env\.([A-Z0-9_]+)/g)].map((match) => match[1] ?? match[2]!));
    assert.ok(variables.size >= 25, `only ${variables.size} variables found: the pattern no longer matches src/config.ts`);
    const page = readFileSync(join(docs, 'operations', 'configuration.md'), 'utf8');
    assert.deepEqual(
      [...variables].filter((variable) => !page.includes(`\`${variable}\``)),
      [],
      'variables missing from docs/operations/configuration.md',
    );
  });
});
