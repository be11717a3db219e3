import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, ensurePrivateDir, LOCK_FILE, lockDataDir } from '../../src/server/db/data-dir-lock.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-lock-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, naming the folder and the PID', () => {
    const dir = tempDir();
    // A live process that is not this one: the parent (vitest's runner or the shell).
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTicks: null }));
    let caught: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    expect((caught as Error).message).toContain(dir);
    expect((caught as Error).message).toContain(`PID ${process.ppid}`);
  });

  it("takes over a crashed process's lock (its PID is gone)", () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2_000_000_000, startTicks: '1' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose PID now belongs to another process (start time differs)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTicks: '1' }));
    lockDataDir(dir).release();
  });

  it('takes over a half-written lock file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), '{"pi');
    lockDataDir(dir).release();
  });
});

describe('ensurePrivateDir', () => {
  it('creates the folder 0700 and tightens an open one', () => {
    const fresh = join(tempDir(), 'data');
    expect(ensurePrivateDir(fresh)).toBe(false);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    const open = join(tempDir(), 'open');
    mkdirSync(open, { mode: 0o777 });
    expect(ensurePrivateDir(open)).toBe(true);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(join(root, 'node_modules/.bin/node'), ['src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function untilReady(s: Started) {
  // A fresh folder costs initdb and every migration: on a busy 2-core machine that alone took 40 s.
  const deadline = Date.now() + 120_000;
  while (!s.output().includes('Drone Doctor ready')) {
    if (s.child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two processes on one PGlite data folder', () => {
  it('the second refuses to start, naming the folder and the PID; after the first is killed (-9) a new one starts', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await startServer(dataDir);
    try {
      await untilReady(first);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, '.auth-secret')).mode & 0o777).toBe(0o600);

      const second = await startServer(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(dataDir);
      expect(second.output()).toContain(`PID ${first.child.pid}`);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // The crashed process left its lock behind; it is stale, so the folder opens again.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const third = await startServer(dataDir);
    try {
      await untilReady(third);
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 300_000);
});
