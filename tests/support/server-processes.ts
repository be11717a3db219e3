import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const projectNode = join(root, 'node_modules/.bin/node');
const serverEntry = join(root, 'src/server/main.ts');

/** A port nobody listens on right now (the OS picks it; we release it for the server to take). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** An empty database of its own on the test server (nothing migrated: the processes do that). */
export async function emptyDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dd_procs_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/**
 * `node src/server/main.ts`, as `npm start` runs it once built, resolving when it has printed `readyText`
 * (by default "ready on"). The web app is not needed: API only.
 */
export async function startServerProcess(env: Record<string, string>, readyText: RegExp = /ready on/i, timeoutMs = 120_000): Promise<ServerProcess> {
  // The flags `npm start` gives the server (package.json; ADR 0015).
  const proc = spawn(projectNode, ['--max-semi-space-size=16', serverEntry], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  proc.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
  proc.stderr.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs / 1000} s:\n${seen}`)), timeoutMs);
    const check = () => {
      if (readyText.test(seen)) {
        clearTimeout(timer);
        proc.stdout.off('data', check);
        resolve();
      }
    };
    proc.stdout.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${seen}`));
    });
  });
  return {
    proc,
    output: () => seen,
    async stop() {
      const started = Date.now();
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, ms: Date.now() - started };
    },
  };
}
