import { join } from 'node:path';
import { clientFiles } from './client/client-files.js';
import { openapiTypesFile } from './openapi-types.js';

/** The pages' API types (web/), relative to the repository root. */
export const WEB_TYPES_FILE = join('web', 'src', 'shared', 'generated', 'openapi.ts');

/**
 * Every file generated from the OpenAPI document (path relative to the repository root → contents): the
 * typed client's types and operation table, and the same types for the pages.
 */
export const generatedFiles = async (document: Record<string, unknown>): Promise<Map<string, string>> =>
  new Map([...(await clientFiles(document)), [WEB_TYPES_FILE, await openapiTypesFile(document, WEB_TYPES_FILE)]]);
