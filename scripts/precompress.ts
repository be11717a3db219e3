import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser loads; source maps only reach developer tools, so they are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Written last into the output folder: a build that finished, for production, precompressed. */
export const BUILD_STAMP = '.build-stamp.json';
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip -9) beside every compressible file of the build,
 * once, at build time: the server sends the one the browser accepts (@fastify/static `preCompressed`)
 * with no compression work per request (ADR 0017). A copy that would not be smaller is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const jobs: Promise<{ bytes: number; brotliBytes: number }>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
          gz(raw, { level: 9 }),
        ]);
        if (br.length < raw.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${path}.gz`, gzipped);
        return { bytes: raw.length, brotliBytes: Math.min(br.length, raw.length) };
      })(),
    );
  }
  const done = await Promise.all(jobs);
  return { files: done.length, bytes: done.reduce((s, d) => s + d.bytes, 0), brotliBytes: done.reduce((s, d) => s + d.brotliBytes, 0) };
}

/** The Vite plugin: precompresses the output folder after every production build. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'drone-doctor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { files: n, bytes, brotliBytes } = await precompressDir(outDir);
      // What `npm start` checks before reusing a build (scripts/build-if-stale.mjs).
      await writeFile(join(outDir, BUILD_STAMP), JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, precompressed: true }) + '\n');
      this.info(`precompressed ${n} files: ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli (gzip beside it)`);
    },
  };
}
