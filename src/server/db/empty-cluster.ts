import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new PGlite folder starts from a freshly created cluster (PGlite's own `dumpDataDir` of an empty
 * database, 4.5 MB) instead of running initdb. PGlite 0.5's initdb copies the whole PostgreSQL WASM heap and
 * runs a second WASM instance beside it: a new folder's first start peaked at 1.1–1.2 GB for those seconds,
 * more than twice the server's bound, so a 512 MB container could not create its own folder. Loading the
 * dump peaks at ~390 MB and takes ~2 s (ADR 0057). The dump is made at install (`postinstall`, or
 * `npm run db:empty-cluster`) into npm's cache folder, by the installed PGlite; without it, or with one
 * made by another PGlite release, initdb runs as before.
 */
const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/drone-doctor/empty-cluster/', import.meta.url));
export const EMPTY_CLUSTER_FILE = join(CACHE_DIR, 'cluster.tar.gz');
export const EMPTY_CLUSTER_MANIFEST = join(CACHE_DIR, 'manifest.json');

export interface EmptyClusterManifest {
  /** The @electric-sql/pglite version that created the dump. */
  pglite: string;
  sha256: string;
  bytes: number;
}

export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  // The package's own package.json, found from its entry point (its exports do not list it).
  let dir = main;
  for (;;) {
    const up = join(dir, '..');
    if (up === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = up;
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
  }
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The cluster made at install, when it is intact and was made by the installed PGlite; null otherwise. */
export function currentEmptyCluster(): Uint8Array<ArrayBuffer> | null {
  try {
    const manifest = JSON.parse(readFileSync(EMPTY_CLUSTER_MANIFEST, 'utf8')) as EmptyClusterManifest;
    if (manifest.pglite !== installedPgliteVersion()) return null;
    const bytes = readFileSync(EMPTY_CLUSTER_FILE);
    return bytes.length === manifest.bytes && sha256Of(bytes) === manifest.sha256 ? new Uint8Array(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * The empty cluster for a folder that holds no cluster yet, or null: the folder already has one (an
 * upgrade migrates it, never replaces it), or no current dump was made at install.
 */
export function emptyClusterFor(dataDir: string): Blob | null {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return null;
  const bytes = currentEmptyCluster();
  return bytes ? new Blob([bytes]) : null;
}
