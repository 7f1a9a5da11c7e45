// `npm run generate:types` (alias `generate:client`): regenerates clients/typescript/src/generated/ from the
// OpenAPI document the service serves: the typed client's types, which the pages (web/) read too, and the
// Python client's operations (clients/python/src/countersign_client/_operations.py).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { clientFiles } from './client/client-files.js';
import { servedOpenApiDocument } from './client/served-openapi-document.js';

for (const [file, contents] of await clientFiles(await servedOpenApiDocument())) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, contents);
  console.log(`wrote ${file}`);
}
