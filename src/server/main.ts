import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

const startedAt = performance.now();
const config = loadConfig(process.env, { webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)) });
const built = await buildApp(config).catch((error: unknown) => {
  // A refusal to start (the data folder held by another process) is a sentence, not a stack trace.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
const { app, database, assistant } = built;
// The shipped knowledge base is indexed before the first request; an unchanged one costs one read.
const knowledge = await assistant.syncKnowledge();

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const ms = Math.round(performance.now() - startedAt);
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(`Drone Doctor ready on ${config.publicUrl} (${where}) in ${ms} ms`);
console.log(`Knowledge base: ${knowledge.articles} articles, ${knowledge.sections} sections (${knowledge.indexed} re-indexed).`);
if (config.devLogin) console.log('Developer sign-in is ON (AUTH_DEV_LOGIN=1): never use it in production.');
