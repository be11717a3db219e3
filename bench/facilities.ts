/**
 * Facilities figures (issue 11), never pass/fail:
 *  - first-start load of the bundled data set (about 24,000 open US facilities) into a fresh PGlite;
 *  - radius query p50/p95 over the full data set (150-mile radius at 20 US points, first page of 200 and
 *    the whole circle through every page), beside a primary-key lookup p95 in the same run;
 *  - /uas-facilities initial JavaScript (gzip) and time to the first marker in Chromium (data already loaded).
 *
 * Run alone: node bench/facilities.ts [--quick]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '../src/server/db/client.ts';
import { byId } from '../src/server/modules/facilities/repo.ts';
import { createFacilitiesService } from '../src/server/modules/facilities/service.ts';
import { launchChromium } from '../tests/support/e2e/browser.ts';
import { startAppServer } from '../tests/support/e2e/app-server.ts';
import { fmt, heading } from './lib.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** 20 points across the lower 48, Alaska and Hawaii: dense metros, empty plains, coasts. */
const POINTS: [string, number, number][] = [
  ['New York', 40.71, -74.01],
  ['Los Angeles', 34.05, -118.24],
  ['Chicago', 41.88, -87.63],
  ['Houston', 29.76, -95.37],
  ['Phoenix', 33.45, -112.07],
  ['Denver', 39.74, -104.99],
  ['Seattle', 47.61, -122.33],
  ['Miami', 25.76, -80.19],
  ['Atlanta', 33.75, -84.39],
  ['Boston', 42.36, -71.06],
  ['Dallas', 32.78, -96.8],
  ['San Francisco', 37.77, -122.42],
  ['Minneapolis', 44.98, -93.27],
  ['Kansas (US centre)', 39.83, -98.58],
  ['Salt Lake City', 40.76, -111.89],
  ['Billings', 45.78, -108.5],
  ['Anchorage', 61.22, -149.9],
  ['Honolulu', 21.31, -157.86],
  ['New Orleans', 29.95, -90.07],
  ['Washington', 38.91, -77.04],
];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

async function benchDatabase(rounds: number) {
  heading('Facilities: first-start load and radius queries (embedded PGlite, in-process, no HTTP)');
  const database = await openDatabase({});
  try {
    // As the product runs it on PGlite: chunk by chunk on the one shared connection (ADR 0027).
    const facilities = createFacilitiesService(database.db, { singleConnection: database.kind === 'pglite' });
    const [loadMs, report] = await timed(() => facilities.ensureLoaded());
    const rows = report.loaded.reduce((n, l) => n + l.rows, 0);
    console.log(`first-start load: ${fmt(rows)} facilities in ${fmt(loadMs)} ms (read + derive + insert + indexes, ${database.kind === 'pglite' ? 'chunk by chunk on the one connection' : 'one transaction under the advisory lock'})`);
    const [againMs] = await timed(() => createFacilitiesService(database.db).ensureLoaded());
    console.log(`a later start with the same data version: ${fmt(againMs, 1)} ms (one version check)`);

    const firstPage: number[] = [];
    const wholeCircle: number[] = [];
    const lookups: number[] = [];
    const counts = new Map<string, number>();
    const ids: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [name, lat, lon] of POINTS) {
        const [ms, page] = await timed(() => facilities.withinRadius({ lat, lon, radius: 150, limit: 200, closed: 'exclude' }));
        firstPage.push(ms);
        for (const f of page.facilities.slice(0, 3)) ids.push(f.id);
        const [allMs, total] = await timed(async () => {
          let n = page.facilities.length;
          let cursor = page.nextCursor;
          while (cursor) {
            const next = await facilities.withinRadius({ lat, lon, radius: 150, limit: 200, closed: 'exclude', cursor });
            n += next.facilities.length;
            cursor = next.nextCursor;
          }
          return n;
        });
        wholeCircle.push(ms + allMs);
        counts.set(name, total);
        for (const id of ids.splice(0)) {
          const [lookupMs] = await timed(() => byId(database.db, id));
          lookups.push(lookupMs);
        }
      }
    }
    const line = (label: string, v: number[]) => console.log(`${label.padEnd(44)} p50 ${fmt(pct(v, 50), 2).padStart(7)} ms   p95 ${fmt(pct(v, 95), 2).padStart(7)} ms   (${v.length} runs)`);
    line('radius 150 mi, first page (200 nearest)', firstPage);
    line('radius 150 mi, whole circle (every page)', wholeCircle);
    line('primary-key lookup (same run)', lookups);
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    console.log(`facilities within 150 mi: most ${sorted[0]?.[0]} ${fmt(sorted[0]?.[1] ?? 0)}, fewest ${sorted.at(-1)?.[0]} ${fmt(sorted.at(-1)?.[1] ?? 0)}, median ${fmt(pct([...counts.values()], 50))}`);
  } finally {
    await database.close();
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

async function benchWeb(runs: number) {
  heading('/uas-facilities: initial JavaScript (gzip) and time to first marker in Chromium');
  const outDir = mkdtempSync(join(tmpdir(), 'dd-bench-fac-'));
  try {
    const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (build.status !== 0) throw new Error(`vite build failed (${build.status ?? build.signal})`);
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const manifestPath = join(outDir, '.vite/manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
    const route = new Set<string>();
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || initial.includes(chunk.file) || route.has(chunk.file)) return;
      route.add(chunk.file);
      for (const k of chunk.imports ?? []) add(k);
    };
    // Manifest keys are relative to Vite's root (src/web): the route is the lazily imported facilities feature.
    for (const key of Object.keys(manifest)) if (/(^|\/)features\/facilities\/index\.ts$/.test(key)) add(key);
    const gz = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
    const appKb = initial.reduce((n, f) => n + gz(f), 0) / 1024;
    const routeKb = [...route].reduce((n, f) => n + gz(f), 0) / 1024;
    console.log(`app shell JavaScript (every route): ${fmt(appKb, 1)} KB gzip`);
    console.log(`facilities route chunks (Leaflet, map, page: ${route.size} files): ${fmt(routeKb, 1)} KB gzip`);
    console.log(`total JavaScript to open /uas-facilities: ${fmt(appKb + routeKb, 1)} KB gzip (+ the state outlines, fetched as JSON: ${fmt(gz(Object.values(manifest).find((c) => /states-10m/.test(c.file))?.file ?? '') / 1024, 1)} KB gzip)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }

  const app = await startAppServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.request.post('/api/dev/login', { data: { email: 'bench-facilities@example.com' } });
    // The first-start load is measured above; here the data is in and the figure is the page's.
    for (let i = 0; i < 120; i++) {
      const s = (await (await page.request.get('/api/facilities/status')).json()) as { state: string };
      if (s.state === 'ready') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.request.get('/api/facilities?lat=39.8283&lon=-98.5795&radius=1');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await page.goto('/uas-facilities');
      await page.locator('.fac-marker').first().waitFor({ state: 'visible', timeout: 60_000 });
      times.push(performance.now() - t0);
    }
    console.log(`time to first marker (navigation to a visible marker, default view, ${runs} runs): median ${fmt(pct(times, 50))} ms, worst ${fmt(Math.max(...times))} ms`);
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}

export async function benchFacilities({ quick = false }: { quick?: boolean } = {}) {
  await benchDatabase(quick ? 2 : 5);
  await benchWeb(quick ? 2 : 5);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFacilities({ quick: process.argv.includes('--quick') });
