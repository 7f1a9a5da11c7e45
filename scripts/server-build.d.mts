/** Where the compiled server and CLI go, relative to the package directory. */
export const SERVER_BUILD_DIR: string;

/** SHA-256 over the build's inputs (src/, package.json, tsconfig*.json, the build script) under `root`. */
export function inputFingerprint(root: string): string;

/** True when `root`'s dist/server was built from exactly the inputs there are now. */
export function serverBuildIsFresh(root: string): boolean;

/** Compiles `root`'s src/ into dist/server; resolves to whether it built. */
export function buildServer(root: string, options?: { ifStale?: boolean; onBuild?: () => void }): Promise<boolean>;
