import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, freePort, heading, median } from './lib.ts';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../src/server/process-memory.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const nodeBin = join(root, 'node_modules/.bin/node');
const READY = /Drone Doctor ready on/;
const OWN_MS = /ready on .* in (\d+) ms/;
const TIMEOUT_MS = 120_000;

interface Start {
  /** From spawn to the "ready" line on stdout. */
  readyMs: number;
  /** From spawn to the first answer of GET /api/login/providers. */
  answerMs: number;
  /** What the server itself reports in its ready line: opening the database, migrating, listening. */
  ownMs: number | null;
}

/** Starts the real server (node src/server/main.ts) on `dataDir`, times it, and stops it cleanly. */
async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_MALLOC_ENV, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.AUTH_DEV_LOGIN;
  const started = performance.now();
  const child = spawn(nodeBin, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (READY.test(output)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/login/providers`);
    if (!res.ok) throw new Error(`GET /api/login/providers answered ${res.status}`);
    await res.arrayBuffer();
    const own = OWN_MS.exec(output)?.[1];
    return { readyMs, answerMs: performance.now() - started, ownMs: own === undefined ? null : Number(own) };
  } finally {
    // SIGTERM lets the server close PGlite cleanly, so the next start finds a tidy data folder.
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

function report(label: string, runs: Start[]) {
  const ready = runs.map((r) => r.readyMs);
  const answer = runs.map((r) => r.answerMs);
  const all = (v: number[]) => v.map((n) => fmt(n)).join(', ');
  console.log(`${label}`);
  console.log(`  ready line:        median ${fmt(median(ready))} ms   (runs: ${all(ready)} ms)`);
  console.log(`  first API answer:  median ${fmt(median(answer))} ms   (runs: ${all(answer)} ms)`);
  const own = runs.map((r) => r.ownMs).filter((n) => n !== null);
  if (own.length === runs.length) {
    console.log(`  of which buildApp + listen (the server's own count, after loading modules): median ${fmt(median(own))} ms   (runs: ${all(own)} ms)`);
  }
}

/** Start-up time on a fresh data folder (PGlite init + migrations) and on an existing one. */
export async function benchStartup(opts: { runs: number }) {
  heading('Start-up (node src/server/main.ts as a child process, embedded PGlite, LOG_LEVEL=warn)');
  const scratch = mkdtempSync(join(tmpdir(), 'dd-bench-startup-'));
  try {
    const fresh: Start[] = [];
    for (let i = 0; i < opts.runs; i++) fresh.push(await startOnce(join(scratch, `fresh-${i}`)));
    report('Fresh data folder (creates the database and applies every migration):', fresh);

    // The first fresh folder now holds a migrated database: start on it again.
    const existing: Start[] = [];
    for (let i = 0; i < opts.runs; i++) existing.push(await startOnce(join(scratch, 'fresh-0')));
    report('Existing data folder (opens it; migrations already applied):', existing);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
