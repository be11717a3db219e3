/**
 * How the server process is started, for its resident memory (ADR 0057). `npm start` writes the same
 * values in package.json (a test keeps the two equal); the test and bench harnesses spawn servers with
 * these, so what they measure is what a deployment runs.
 */

/**
 * - `--max-semi-space-size=16`: V8's young generation at the 16 MB older Node versions used; Node 24 sizes
 *   it for a multi-GB heap.
 * - `--liftoff-only`: WebAssembly runs on V8's baseline compiler only. PGlite is PostgreSQL compiled to one
 *   large WebAssembly module, and optimising its hot functions (TurboFan tier-up, a few seconds after it
 *   opens) took ~530 MB for a moment: every start peaked at 675–800 MB for a server that rests at ~375 MB.
 *   The baseline code is slower on the database's CPU work (facilities radius p50 12.5 → 15.4 ms, a
 *   primary-key lookup 0.74 → 0.92 ms), and unchanged where the time goes elsewhere (ADR 0057).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--liftoff-only'];

/**
 * glibc's allocator: one arena, and free memory above 128 KiB given back to the system. By default every
 * thread that allocates (V8's compiler and GC helpers, libuv's pool, PGlite's file reads) gets its own
 * arena, and memory freed after a burst (a 50 MiB import, the first-start facilities load) stays
 * resident: the server sat 200-300 MB higher after the same work. Read by glibc when the process starts,
 * so it must be in the environment the process is started with.
 */
export const SERVER_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072' };

/** The sentence main.ts prints when started without the allocator settings on Linux (null: all set). */
export function mallocSettingsNote(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | null {
  if (platform !== 'linux') return null;
  const missing = Object.keys(SERVER_MALLOC_ENV).filter((name) => env[name] === undefined);
  if (missing.length === 0) return null;
  const settings = Object.entries(SERVER_MALLOC_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return `Memory: started without ${missing.join(', ')}; \`npm start\` sets ${settings} (README, "Deploying"). Without them the server keeps 200-300 MB more resident after large imports.`;
}
