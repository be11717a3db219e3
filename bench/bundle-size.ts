import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fmt, heading } from './lib.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Source files whose lazy chunk belongs to the /login route, if the app code-splits it. */
const LOGIN_SOURCE = /(^|\/)(login[^/]*|features\/auth\/index)\.(tsx?|jsx?)$/i;

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/** The module script and modulepreload links of the built index.html: what every route loads first. */
function initialScripts(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (/type="module"/.test(tag) && src) files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attr(tag, 'href');
    if (/rel="modulepreload"/.test(tag) && href) files.push(href);
  }
  return files.map((f) => f.replace(/^\//, ''));
}

/** Chunks the login route imports lazily (plus their static imports), from Vite's manifest. */
function loginLazyChunks(manifest: Manifest, already: Set<string>): { source: string; file: string }[] {
  const found = new Map<string, string>();
  const addWithImports = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || already.has(chunk.file) || found.has(chunk.file)) return;
    found.set(chunk.file, key);
    for (const imported of chunk.imports ?? []) addWithImports(imported);
  };
  for (const chunk of Object.values(manifest)) {
    for (const key of chunk.dynamicImports ?? []) if (LOGIN_SOURCE.test(key)) addWithImports(key);
  }
  return [...found].map(([file, source]) => ({ file, source }));
}

/** Gzipped size of the JavaScript the /login route loads, built by Vite into a scratch folder. */
export async function benchBundleSize() {
  heading('Bundle size of the /login route (vite build, gzip with zlib default level)');
  const outDir = mkdtempSync(join(tmpdir(), 'dd-bench-web-'));
  try {
    const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`vite build failed (${build.status ?? build.signal})`);

    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const initial = initialScripts(html);
    const manifestPath = join(outDir, '.vite/manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : {};
    const lazy = loginLazyChunks(manifest, new Set(initial));

    const rows = [
      ...initial.map((file) => ({ file, why: 'index.html' })),
      ...lazy.map(({ file, source }) => ({ file, why: `lazy: ${source}` })),
    ].map((row) => {
      const bytes = readFileSync(join(outDir, row.file));
      return { ...row, raw: bytes.length, gzip: gzipSync(bytes).length };
    });

    const width = Math.max(...rows.map((r) => r.file.length), 5);
    console.log(`${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  loaded by`);
    for (const r of rows) console.log(`${r.file.padEnd(width)}  ${fmt(r.raw / 1024, 1).padStart(8)}  ${fmt(r.gzip / 1024, 1).padStart(8)}  ${r.why}`);
    const total = (key: 'raw' | 'gzip') => rows.reduce((sum, r) => sum + r[key], 0);
    console.log(`${'total JavaScript'.padEnd(width)}  ${fmt(total('raw') / 1024, 1).padStart(8)}  ${fmt(total('gzip') / 1024, 1).padStart(8)}`);
    if (lazy.length === 0) console.log('(no lazily loaded chunk belongs to /login: the route is in the initial bundle)');

    const css = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => attr(tag, 'href')?.replace(/^\//, '')).filter((f) => f !== undefined);
    const cssGzip = css.reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, f))).length, 0);
    if (css.length > 0) console.log(`(for reference, not counted above: CSS ${css.join(', ')} is ${fmt(cssGzip / 1024, 1)} KB gzipped)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
