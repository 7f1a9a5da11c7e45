import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of package.json, which holds assets/ and dist/. This file runs from src/ under tsx and
 * from dist/server/ once compiled, one level deeper, so the way up depends on which of the two it is.
 */
const compiled = import.meta.url.endsWith('.js');

export const PACKAGE_DIR = fileURLToPath(new URL(compiled ? '../../' : '../', import.meta.url));

/** A path inside the package directory, the same whether the code runs compiled or as TypeScript. */
export const packagePath = (...segments: string[]): string => join(PACKAGE_DIR, ...segments);
