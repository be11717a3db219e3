// `npm start` builds the web app only when the build is missing, older than its sources, or not a finished
// production build (ADR 0017), so a fresh clone works with one command and a restart costs nothing. It
// always builds for production, whatever NODE_ENV the shell has.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist/web/index.html');
// Written by the build's last step (scripts/precompress.ts).
const stamp = join(root, 'dist/web/.build-stamp.json');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts'].map((p) => join(root, p));

/** The newest file under `path` (a file or a folder), or null when nothing is there. */
function newest(path) {
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let best = null;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const found = newest(join(path, entry.name));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

function reason() {
  if (!existsSync(built)) return 'dist/web/index.html is missing';
  if (!existsSync(stamp)) return 'dist/web was not made by a finished production build';
  try {
    const { nodeEnv, precompressed } = JSON.parse(readFileSync(stamp, 'utf8'));
    if (nodeEnv !== 'production' || precompressed !== true) return 'dist/web is not a precompressed production build';
  } catch {
    return 'dist/web/.build-stamp.json is unreadable';
  }
  const builtAt = statSync(built).mtimeMs;
  for (const source of sources) {
    const found = newest(source);
    if (found && found.mtimeMs > builtAt) return `${relative(root, found.path)} is newer than the build`;
  }
  return null;
}

const why = reason();
if (!why) {
  console.log('Web app is up to date (dist/web); skipping the build.');
} else {
  console.log(`Building the web app (${why}): vite build`);
  const vite = join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.error) {
    console.error(`Could not run vite: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`vite build failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
