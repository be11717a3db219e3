import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * ADR 0017: the built web app is sent precompressed by Accept-Encoding; index.html is never cached and
 * the hashed assets are cached for a year.
 */

const webRoot = mkdtempSync(join(tmpdir(), 'dd-web-serving-'));
const script = `console.log(${JSON.stringify('drone doctor '.repeat(400))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), html);
  writeFileSync(join(webRoot, 'assets/app-abc123.js'), script);
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const done = await precompressDir(webRoot);
  expect(done.files).toBe(2);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the web app', () => {
  it('sends the brotli copy of an asset to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never lets index.html be cached, for / and for the app’s own routes, compressed or not', async () => {
    for (const url of ['/', '/logbook', '/forecast?lat=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
    const plain = await get('/', '');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(html);
  });

  it('caches the unhashed icon for an hour, and a missing asset is a 404, never the page', async () => {
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe('public, max-age=3600');
    const missing = await get('/assets/app-old999.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
