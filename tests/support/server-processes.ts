import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../src/server/process-memory.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const projectNode = join(root, 'node_modules/.bin/node');
const serverEntry = join(root, 'src/server/main.ts');

/** The e2e harness's helpers, shared so a port and a throwaway database are found one way. */
export { emptyDatabase, freePort } from './e2e/app-server.ts';

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
  // The flags and allocator settings `npm start` gives the server (package.json; ADR 0057).
  const proc = spawn(projectNode, [...SERVER_NODE_FLAGS, serverEntry], { cwd: root, env: { PATH: process.env.PATH ?? '', ...SERVER_MALLOC_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
