// `npm run generate:types` (alias `generate:client`): regenerates the client's clients/typescript/src/generated/ and the
// pages' web/src/shared/generated/ from the OpenAPI document the service serves.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generatedFiles } from './generated-files.js';
import { servedOpenApiDocument } from './client/served-openapi-document.js';

for (const [file, contents] of await generatedFiles(await servedOpenApiDocument())) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, contents);
  console.log(`wrote ${file}`);
}
