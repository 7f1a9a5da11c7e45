import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The server maps /sign/{token} to sign.html, /verify/{id} to verify.html, the console's paths
// to console.html, /embed/{template|compose}/{token} to builder.html and /setup/{token} to setup.html, and serves the assets under /app/: each page is an entry of one multi-page build.
export default defineConfig({
  root: webRoot,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs pdfjs 5 supports modulepreload natively.
    modulePreload: { polyfill: false },
    // pdfjs alone is ~400 KB minified; it is one lazily cached asset, not a regression to warn about.
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      input: {
        sign: fileURLToPath(new URL('sign.html', import.meta.url)),
        verify: fileURLToPath(new URL('verify.html', import.meta.url)),
        console: fileURLToPath(new URL('console.html', import.meta.url)),
        builder: fileURLToPath(new URL('builder.html', import.meta.url)),
        setup: fileURLToPath(new URL('setup.html', import.meta.url)),
        'public-link': fileURLToPath(new URL('public-link.html', import.meta.url)),
      },
      output: {
        // Named shared chunks (React, pdfjs, the shared UI) instead of one named after whichever module came first.
        // pdfjs has a chunk of its own so that pages without PDFs (verify) do not load it with the shared UI.
        manualChunks: (id) =>
          id.includes('/node_modules/react') || id.includes('/node_modules/scheduler')
            ? 'react'
            : id.includes('/node_modules/pdfjs-dist/') || id.includes('/web/src/shared/pdf-loader')
              ? 'pdf'
              : id.includes('/web/src/shared/')
                ? 'shared'
                : undefined,
      },
    },
  },
});
