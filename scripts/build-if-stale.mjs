// `npm start` builds the web app only when the build is missing or older than its sources, so a fresh
// clone works with one command and a restart costs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'index.html'].map((p) => join(root, p));

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
  const result = spawnSync(vite, ['build'], { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not run vite: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`vite build failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
