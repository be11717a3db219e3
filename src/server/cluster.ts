import cluster, { type Worker } from 'node:cluster';

/** A worker that does not stop this long after SIGTERM is killed: shutdown is bounded even when one hangs. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** More crashes than this within the window means the workers cannot start: stop instead of looping. */
const CRASH_LIMIT = 10;
const CRASH_WINDOW_MS = 60_000;

export interface ProcessPlan {
  workers: number;
  /** Why fewer processes run than were asked for, to print at start. */
  note: string | null;
}

/** How many processes `npm start` runs: N on PostgreSQL, always one on PGlite (its folder has one owner). */
export function planProcesses(asked: number, databaseUrl: string | undefined): ProcessPlan {
  if (asked <= 1) return { workers: 1, note: null };
  if (!databaseUrl) {
    return {
      workers: 1,
      note:
        `WEB_CONCURRENCY=${asked} asks for ${asked} processes, but the embedded PGlite database belongs to one process ` +
        '(its data folder is locked), so one process runs. Set DATABASE_URL to a PostgreSQL server to run several.',
    };
  }
  return { workers: asked, note: null };
}

/**
 * The primary process: forks `count` workers that share the port (Node's cluster module hands each new
 * connection to the next worker), restarts one that dies, and on SIGTERM or SIGINT stops them all within
 * SHUTDOWN_TIMEOUT_MS, killing any that hang.
 */
export function superviseWorkers(count: number, log: (line: string) => void = console.log) {
  let stopping = false;
  const crashes: number[] = [];
  const listening = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      listening.add(worker.id);
      if (listening.size === count) log(`Drone Doctor: ${count} worker processes ready (primary pid ${process.pid}).`);
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > CRASH_LIMIT) {
      log(`Drone Doctor: workers keep dying (${crashes.length} in ${CRASH_WINDOW_MS / 1000} s); stopping. Read the lines above for why.`);
      void stopAll('crash loop', 1);
      return;
    }
    log(`Drone Doctor: worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  async function stopAll(reason: string, exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = alive();
    log(`Drone Doctor: ${reason}: stopping ${workers.length} workers.`);
    const exited = Promise.all(workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve())))));
    for (const w of workers) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const w of alive()) {
        log(`Drone Doctor: worker ${w.process.pid} did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s; killing it.`);
        w.process.kill('SIGKILL');
      }
    }, SHUTDOWN_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    process.exit(exitCode);
  }

  process.on('SIGTERM', () => void stopAll('SIGTERM', 0));
  process.on('SIGINT', () => void stopAll('SIGINT', 0));
  for (let i = 0; i < count; i++) fork();
}
