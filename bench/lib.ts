import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SERVER_MALLOC_ENV } from '../src/server/process-memory.ts';

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const heading = (title: string) => console.log(`\n== ${title} ==`);
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const benchRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts a bench server script (bench/*-server.ts) in its own process with the project's Node, and
 * resolves with what it reports once ready, and a stop that waits for it to exit. The load generator
 * stays in this process, so the two never share an event loop.
 */
export function startBenchServer<T>(script: string, env: NodeJS.ProcessEnv = {}, args: string[] = [], nodeArgs: string[] = []): Promise<{ ready: T; stop: () => Promise<void>; child: ChildProcess }> {
  const child = spawn(join(benchRoot, 'node_modules/.bin/node'), [...nodeArgs, script, ...args], {
    cwd: benchRoot,
    // The allocator settings `npm start` gives the server (ADR 0057), so a bench server is a deployment's.
    env: { ...process.env, ...SERVER_MALLOC_ENV, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ ready: message as T, stop, child }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
}

/**
 * The server side of startBenchServer: listens on a free loopback port, closes the app and removes its
 * data folder when the parent stops it (or goes away), and returns the port to report.
 */
export async function listenUntilStopped(app: FastifyInstance, dataDir: string): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the bench server has no TCP address');
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('disconnect', () => void close());
  return address.port;
}

/**
 * A listening server loads the facilities table in the background on its first start; the figures are
 * of a server in its steady state, so a bench server waits for that load before it reports ready.
 */
export async function waitForBackgroundLoads(app: FastifyInstance, cookie: string): Promise<void> {
  for (;;) {
    const res = await app.inject({ url: '/api/facilities/status', headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`GET /api/facilities/status answered ${res.statusCode}: ${res.body}`);
    if (res.json<{ state: string }>().state === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
