// `npm run dev`: the API server (restarted on change by node --watch) on 5001 and Vite's dev server on
// 5000, which serves the web app with hot reload and proxies /api to 5001. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '5001';
const webPort = '5000';

const apiEnv = {
  ...process.env,
  PORT: apiPort,
  // The browser is on Vite's port: sign-in links and the origin check must name that address.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  // Local development signs in without a mail server or identity provider unless told otherwise.
  AUTH_DEV_LOGIN: process.env.AUTH_DEV_LOGIN ?? '1',
};

const children = [
  {
    name: 'api',
    proc: spawn(process.execPath, ['--watch', '--watch-preserve-output', 'src/server/main.ts'], { cwd: root, env: apiEnv, stdio: 'inherit' }),
  },
  {
    name: 'web',
    proc: spawn(join(root, 'node_modules/.bin/vite'), ['--port', webPort, '--strictPort'], {
      cwd: root,
      env: { ...process.env, API_PORT: apiPort },
      stdio: 'inherit',
    }),
  },
];
console.log(`dev: API on http://localhost:${apiPort} (AUTH_DEV_LOGIN=${apiEnv.AUTH_DEV_LOGIN}), web on http://localhost:${webPort}`);

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
  // Whatever ignores SIGTERM for 5 s is killed.
  setTimeout(() => {
    for (const { proc } of children) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
  Promise.all(children.map(({ proc }) => (proc.exitCode !== null || proc.signalCode !== null ? null : new Promise((r) => proc.once('exit', r))))).then(
    () => process.exit(code),
  );
}

for (const { name, proc } of children) {
  proc.on('error', (err) => {
    console.error(`dev: could not start ${name}: ${err.message}`);
    stopAll(1);
  });
  proc.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`dev: ${name} exited (${signal ?? code}); stopping the other one.`);
      stopAll(code ?? 1);
    }
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
