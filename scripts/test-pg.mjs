// `npm run test:pg`: the unit and API tests on PostgreSQL instead of PGlite. Each test file creates and
// drops its own database on that server (tests/support/test-database.ts). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
console.log(`test:pg: unit and API tests on PostgreSQL at ${shown}`);

const result = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, TEST_DATABASE_URL: url },
  stdio: 'inherit',
});
if (result.error) {
  console.error(`Could not run vitest: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
