/**
 * The server the assistant benchmark loads, in its own process: the real app on a fresh embedded
 * database (or BENCH_DATABASE_URL) with the shipped knowledge base plus 5,000 generated business
 * passages in the index, and a staff user (no query limit) who belongs to that business, so every
 * question searches both. Before listening it times the embedded answer server-side (app.inject, no
 * network) over the evaluation questions and reports the figures with its port.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { answerProfileRequests } from './cpu-profile.ts';
import { listenUntilStopped, waitForBackgroundLoads } from './lib.ts';
import { knowledgeSections, users } from '../src/server/db/schema/index.ts';
import { rebuildVocabulary } from '../src/server/modules/knowledge/sync.ts';
import { accessChanged } from '../src/server/modules/account/access-cache.ts';
import { createStatementTimer, type StatementStat } from './statement-timer.ts';

export interface AssistantServerReady {
  port: number;
  cookie: string;
  userId: string;
  questions: string[];
  sections: number;
  serverSideMs: number[];
  /** Per question, mean count and time of each kind of statement (timed one question at a time). */
  statementMs: StatementStat[];
  database: 'pglite' | 'postgres';
}

const BUSINESS_ID = 'bench-business';
const PASSAGES = 5000;

/** Business passages that read like an operator's manuals: sites, assets, procedures, limits. */
function businessPassages(n: number) {
  const assets = ['cell tower', 'wind turbine', 'solar farm', 'bridge deck', 'roof', 'pipeline', 'substation', 'rail yard', 'dam face', 'crop field'];
  const tasks = ['inspection', 'survey', 'thermal scan', 'mapping run', 'progress capture', 'volumetric count'];
  const rules = [
    'the crew briefs the client contact and confirms the landing zone is clear',
    'the visual observer stands at the north gate with a radio on channel 4',
    'battery swaps happen at the truck and every pack is logged with its cycle count',
    'the pilot checks the site hazard sheet and the overhead lines marked on it',
    'flights stop when the site anemometer reads more than 20 mph',
    'thermal data is captured within two hours of sunrise for the best contrast',
  ];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const asset = assets[i % assets.length]!;
    const task = tasks[(i * 7) % tasks.length]!;
    const site = `site ${1000 + i}`;
    rows.push({
      articleKey: `bench-doc-${Math.floor(i / 20)}`,
      businessId: BUSINESS_ID,
      position: i % 20,
      articleTitle: `Operations manual volume ${Math.floor(i / 500) + 1}`,
      title: `${asset} ${task} at ${site}`,
      topic: 'business',
      body: `For the ${asset} ${task} at ${site}, ${rules[i % rules.length]}. Then ${rules[(i + 2) % rules.length]}. Record the ${task} in the job log with the ${asset} identifier ${site.replace(' ', '-')}.`,
      citation: `Operations manual volume ${Math.floor(i / 500) + 1}, section ${i + 1}`,
    });
  }
  return rows;
}

const evalDir = fileURLToPath(new URL('../tests/eval', import.meta.url));
const questions = readdirSync(evalDir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => (JSON.parse(readFileSync(join(evalDir, f), 'utf8')) as { question: string }[]).map((q) => q.question));

const dataDir = mkdtempSync(join(tmpdir(), 'dd-bench-assistant-'));
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    // Empty means embedded PGlite (bench/assistant.ts runs both databases in one run).
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN: '0',
    RATE_LIMIT_WRITES: '0',
    AUTH_DEV_LOGIN: '1',
  },
  { webRoot: null },
);
const timer = createStatementTimer();
if (config.databaseUrl) timer.instrumentPg();
const { app, database, assistant } = await buildApp(config);
if (database.pglite) timer.instrumentPglite(database.pglite);
const { db } = database;
await assistant.syncKnowledge();
const rows = businessPassages(PASSAGES);
for (let i = 0; i < rows.length; i += 500) await db.insert(knowledgeSections).values(rows.slice(i, i + 500));
await rebuildVocabulary(db);
const sections = (await db.select({ id: knowledgeSections.id }).from(knowledgeSections)).length;

const signIn = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'bench-staff@example.com', tier: 'admin' } });
const session = signIn.cookies.find((c) => c.name === 'better-auth.session_token');
if (signIn.statusCode !== 200 || !session) throw new Error(`bench sign-in failed: ${signIn.statusCode} ${signIn.body}`);
const userId = signIn.json<{ id: string }>().id;
await db.update(users).set({ administratorBusinessId: BUSINESS_ID }).where(eq(users.id, userId));
await accessChanged(database.changes, userId);
// Every cookie the sign-in set, as a browser sends them (the session token and the session-data cookie).
const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

// Server-side latency: the whole route (guard, allowance, retrieval, answer, stored record), no network.
const serverSideMs: number[] = [];
for (const [i, question] of [...questions, ...questions].entries()) {
  // The second pass is timed statement by statement (the first warms every path up).
  if (i === questions.length) timer.start();
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/query', headers: { cookie, origin: config.publicUrl }, payload: { question, userId } });
  serverSideMs.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`bench query failed: ${res.statusCode} ${res.body}`);
}
const statementMs = timer.stop(questions.length);

const port = await listenUntilStopped(app, dataDir);

const ready: AssistantServerReady = { port, cookie, userId, questions, sections, serverSideMs, statementMs, database: database.kind };
await waitForBackgroundLoads(app, cookie);
answerProfileRequests('assistant');
process.send?.(ready);
