import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));
const embedDist = `${root}packages/embed/dist/`;

/** The DOM events the elements dispatch, as an integrator's page records them. */
export const EMBED_EVENTS = [
  'countersign.loaded',
  'countersign.signed',
  'countersign.declined',
  'countersign.error',
  'countersign.template.saved',
  'countersign.envelope.sent',
] as const;

export interface ReceivedEvent {
  type: string;
  detail: Record<string, unknown>;
  /** The event is a CustomEvent (not a MessageEvent) whose target is the element. */
  custom: boolean;
  target: string;
}

/**
 * Records, in the integrator's page, every DOM event of the elements that reaches the document
 * (`window.received`) and every raw `message` the window gets (`window.messages`), so a test can
 * tell a message that arrived but was not re-dispatched from one that never came.
 */
const RECORDER = `window.received = [];
window.messages = [];
for (const type of ${JSON.stringify(EMBED_EVENTS)})
  document.addEventListener(type, (event) => window.received.push({
    type: event.type, detail: event.detail, custom: event instanceof CustomEvent, target: event.target.localName,
  }));
addEventListener('message', (event) => window.messages.push({ origin: event.origin, data: event.data }));
`;

const SITE_CSS = `body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b2330; background: #f6f7f9; }
header { padding: 1rem 1.5rem; background: #0f3d2e; color: #fff; }
header h1 { margin: 0; font-size: 1.25rem; }
main { max-width: 1100px; margin: 0 auto; padding: 1rem; }
countersign-signing, countersign-template-editor, countersign-sender { background: #fff; border: 1px solid #d5dbe4; }
`;

/** The React page's script: `CountersignSigning` from the built react entry, its events recorded in `window.received`. */
const REACT_APP = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { CountersignSigning } from ${JSON.stringify(`${embedDist}react.js`)};

window.received = [];
const record = (event) => window.received.push({ type: event.type, detail: event.detail, custom: event instanceof CustomEvent, target: event.target.localName });
const url = new URLSearchParams(location.search).get('url');
createRoot(document.getElementById('root')).render(
  createElement(CountersignSigning, { url, frameTitle: 'Sign the agreement', className: 'signing', onLoaded: record, onSigned: record, onDeclined: record, onError: record }),
);
`;

/** The React page's script bundled once, as an integrator's bundler does (React from node_modules, the wrapper from dist/). */
const bundleReactApp = async (): Promise<string> => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'react-app-entry',
        resolveId: (id) => (id === 'react-app-entry' ? '\0react-app-entry' : null),
        load: (id) => (id === '\0react-app-entry' ? REACT_APP : null),
      },
    ],
    build: { write: false, minify: false, rollupOptions: { input: 'react-app-entry', output: { format: 'es' } } },
  })) as Rollup.RollupOutput;
  const entry = output.output.find((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error('vite built no entry chunk');
  return entry.code;
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PageOptions {
  /** The element: countersign-signing, countersign-template-editor or countersign-sender. */
  tag: string;
  url: string;
  /** The element's `frame-title`. */
  frameTitle?: string;
  /** Serve the page without its strict CSP. */
  withoutCsp?: boolean;
}

export interface EmbedSite {
  origin: string;
  /** The integrator's page: the module imported with <script type="module" src="/embed/index.js">, and the element. */
  pageUrl(options: PageOptions): string;
  /** The integrator's React page rendering `CountersignSigning` with `url`. */
  reactPageUrl(url: string): string;
  /** A page that posts `messages` to its parent, in order, once loaded, then goes to `then` if given. */
  posterUrl(messages: unknown[], then?: string): string;
}

/**
 * Two servers of an integrator on two origins, for the enclosing suite (started in `before`,
 * closed in `after`). Its pages are served under a strict CSP (scripts and styles from the page's
 * own origin only, no inline script or style) as a careful integrator's are.
 */
export const embedSites = (): { site: EmbedSite; other: EmbedSite } => {
  let reactApp = '';
  const handler: RequestListener = async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      response.end(body);
    };
    const strict = {
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; frame-src http://127.0.0.1:* http://localhost:*; base-uri 'none'",
    };
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname.startsWith('/embed/')) {
      const name = basename(url.pathname);
      if (!name.endsWith('.js')) return send(404, 'text/plain', 'not found');
      const source = await readFile(`${embedDist}${name}`, 'utf8').catch(() => null);
      return source === null ? send(404, 'text/plain', 'not found') : send(200, 'text/javascript; charset=utf-8', source);
    }
    if (url.pathname === '/favicon.ico') return send(204, 'image/x-icon', '');
    if (url.pathname === '/recorder.js') return send(200, 'text/javascript; charset=utf-8', RECORDER);
    if (url.pathname === '/site.css') return send(200, 'text/css; charset=utf-8', SITE_CSS);
    if (url.pathname === '/react-app.js') return send(200, 'text/javascript; charset=utf-8', reactApp);
    if (url.pathname === '/page') {
      const tag = param('tag');
      if (!/^countersign-[a-z-]+$/.test(tag)) return send(400, 'text/plain', 'tag');
      const title = url.searchParams.get('frame-title');
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Integrator app</title><link rel="stylesheet" href="/site.css"><script src="/recorder.js"></script>
<script type="module" src="/embed/index.js"></script></head>
<body><header><h1>Integrator app</h1></header><main>
<${tag} url="${escapeAttribute(param('url'))}"${title ? ` frame-title="${escapeAttribute(title)}"` : ''}></${tag}>
</main></body></html>`,
        url.searchParams.has('without-csp') ? {} : strict,
      );
    }
    if (url.pathname === '/react')
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Integrator React app</title><link rel="stylesheet" href="/site.css"><script type="module" src="/react-app.js"></script></head>
<body><header><h1>Integrator React app</h1></header><main id="root"></main></body></html>`,
        strict,
      );
    if (url.pathname === '/poster')
      return send(
        200,
        'text/html; charset=utf-8',
        `<!doctype html><html lang="en"><title>Poster</title><p>Posts messages to its parent.</p>
<script>
for (const message of JSON.parse(${JSON.stringify(param('messages') || '[]')})) parent.postMessage(message, '*');
${param('then') ? `location.href = ${JSON.stringify(param('then'))};` : ''}
</script></html>`,
      );
    send(404, 'text/plain', 'not found');
  };

  const servers: Server[] = [createServer(handler), createServer(handler)];
  const siteOf = (index: number): EmbedSite => {
    const site: EmbedSite = {
      origin: '',
      pageUrl: ({ tag, url, frameTitle, withoutCsp }) => {
        const query = new URLSearchParams({
          tag,
          url,
          ...(frameTitle ? { 'frame-title': frameTitle } : {}),
          ...(withoutCsp ? { 'without-csp': '' } : {}),
        });
        return `${site.origin}/page?${query}`;
      },
      reactPageUrl: (url) => `${site.origin}/react?${new URLSearchParams({ url })}`,
      posterUrl: (messages, then) =>
        `${site.origin}/poster?${new URLSearchParams({ messages: JSON.stringify(messages), ...(then ? { then } : {}) })}`,
    };
    before(async () => {
      const server = servers[index]!;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    return site;
  };
  const sites = { site: siteOf(0), other: siteOf(1) };
  before(async () => {
    reactApp = await bundleReactApp();
  });
  after(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));
  return sites;
};
