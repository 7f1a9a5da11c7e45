// `npm run docs:build` runs this first: docs/api/reference.md is written from the OpenAPI document the app serves,
// built in-process exactly as the typed client's generator reads it. The page is generated, never committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedOpenApiDocument } from '../client/served-openapi-document.js';
import { apiReferenceMarkdown, type OpenApiDocument } from './api-reference-markdown.js';

const target = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'api', 'reference.md');
const markdown = apiReferenceMarkdown((await servedOpenApiDocument()) as OpenApiDocument);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, markdown);
console.log(`wrote ${target} (${markdown.length.toLocaleString('en')} characters)`);
