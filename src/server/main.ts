import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { planProcesses, SHUTDOWN_TIMEOUT_MS, superviseWorkers } from './cluster.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { mallocSettingsNote } from './process-memory.ts';

const startedAt = performance.now();
// In the primary this also creates the data folder's auth secret when none is configured, before any
// worker exists: N workers starting together would otherwise each write a different one.
const config = loadConfig(process.env, { webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)) });
const plan = planProcesses(config.webConcurrency, config.databaseUrl);

const memoryNote = cluster.isPrimary ? mallocSettingsNote(process.env, process.platform) : null;
if (memoryNote) console.warn(memoryNote);

if (cluster.isPrimary && plan.workers > 1) {
  superviseWorkers(plan.workers);
} else {
  if (plan.note) console.warn(plan.note);
  await serve();
}

async function serve() {
  const built = await buildApp(config).catch((error: unknown) => {
    // A refusal to start (the data folder held by another process) is a sentence, not a stack trace.
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  const { app, database, assistant } = built;
  // The shipped knowledge base is indexed before the first request; an unchanged one costs one read, and
  // of N processes starting together one indexes while the others wait on its lock and find it done.
  const knowledge = await assistant.syncKnowledge();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // A request that never ends must not hold the process: past the bound, leave anyway.
    setTimeout(() => {
      console.error(`Drone Doctor: still closing after ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const who = cluster.isWorker ? ` (worker ${cluster.worker?.id ?? '?'}, pid ${process.pid})` : '';
  console.log(`Drone Doctor ready on ${config.publicUrl} (${where})${who} in ${ms} ms`);
  console.log(`Knowledge base: ${knowledge.articles} articles, ${knowledge.sections} sections (${knowledge.indexed} re-indexed).`);
  if (config.devLogin) console.log('Developer sign-in is ON (AUTH_DEV_LOGIN=1): never use it in production.');
}
