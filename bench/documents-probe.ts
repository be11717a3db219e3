/**
 * The process the documents benchmark measures (bench/documents.ts), one mode per run so each figure
 * has a process of its own and its peak RSS is its own:
 *  - `pipeline`: the real app on a fresh embedded database; a business administrator uploads a 200-page
 *    PDF through POST /api/user-documents, the pg-boss job reads it (worker thread), staff approve it and
 *    its passages are indexed. Wall times of each step, RSS before, sampled peak during, process peak.
 *  - `jobs`: what pg-boss adds to an idle PGlite server: RSS and time of its start on a fresh data folder
 *    (schema install) and on an existing one, against the same process before it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PgBoss, fromPglite } from 'pg-boss';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { businessProfiles, knowledgeSections, userDocuments } from '../src/server/db/schema/index.ts';
import { makePdf } from '../tests/fixtures/documents/make-documents.ts';

export interface PipelineFigures {
  mode: 'pipeline';
  pages: number;
  pdfBytes: number;
  uploadMs: number;
  extractionMs: number;
  indexingMs: number;
  passages: number;
  rssBeforeMb: number;
  rssPeakSampledMb: number;
  maxRssMb: number;
}
export interface JobsFigures {
  mode: 'jobs';
  rssPgliteIdleMb: number;
  freshStartMs: number;
  rssAfterFreshStartMb: number;
  restartMs: number;
  rssIdleWithBossMb: number;
  rssIdleWithoutBossMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const rss = () => mb(process.memoryUsage().rss);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Idle RSS: settle, collect what can be collected, read. */
async function idleRss(ms: number) {
  await sleep(ms);
  globalThis.gc?.();
  return rss();
}

const PAGES = 200;
/** A page of an operations manual: about 40 lines, 2,400 characters. */
function manualPage(n: number) {
  const lines = [`Operations manual, page ${n}`];
  for (let i = 0; i < 39; i++) lines.push(`Section ${n}.${i + 1}: on site ${n * 40 + i} the crew keeps the landing zone clear of people.`);
  return lines.join('\n');
}

async function pipeline(): Promise<PipelineFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-bench-documents-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_DEV_LOGIN: '1', RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0' }, { webRoot: null });
  const { app, database } = await buildApp(config);
  await app.ready();
  try {
    const login = async (email: string, tier: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email, tier } });
      return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    };
    const origin = config.publicUrl;
    const admin = await login('bench-docs-admin@example.com', 'business');
    await app.inject({ method: 'POST', url: '/api/business-profile/setup', headers: { cookie: admin, origin }, payload: { companyName: 'Bench Aerial' } });
    const staff = await login('bench-docs-staff@example.com', 'admin');
    const pdf = makePdf(Array.from({ length: PAGES }, (_, i) => manualPage(i + 1)));

    const boundary = '----bench-documents';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench Operations Manual\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const rssBeforeMb = await idleRss(500);
    let peak = rssBeforeMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);

    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/user-documents', headers: { cookie: admin, origin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    const id = res.json<{ document: { id: string } }>().document.id;
    const t1 = performance.now();
    for (;;) {
      const [row] = await database.db.select({ status: userDocuments.status, error: userDocuments.processingError }).from(userDocuments).where(eq(userDocuments.id, id));
      if (row?.status === 'error') throw new Error(`extraction failed: ${row.error}`);
      if (row?.status === 'ready') break;
      await sleep(10);
    }
    const t2 = performance.now();
    const approved = await app.inject({ method: 'POST', url: `/api/admin/documents/${id}/approve`, headers: { cookie: staff, origin }, payload: {} });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
    const t3 = performance.now();
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    const passages = (await database.db.select({ id: knowledgeSections.id }).from(knowledgeSections).where(eq(knowledgeSections.articleKey, id))).length;
    const [profile] = await database.db.select({ ready: businessProfiles.isKnowledgeBaseSetup }).from(businessProfiles);
    if (!profile?.ready) throw new Error('the knowledge base did not turn ready');
    return {
      mode: 'pipeline',
      pages: PAGES,
      pdfBytes: pdf.length,
      uploadMs: t1 - t0,
      extractionMs: t2 - t1,
      indexingMs: t3 - t2,
      passages,
      rssBeforeMb,
      rssPeakSampledMb: peak,
      maxRssMb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function jobs(): Promise<JobsFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-bench-jobs-'));
  try {
    const database = await openDatabase({ dataDir });
    const pglite = database.pglite!;
    const rssIdleWithoutBossMb = await idleRss(3000);
    const options = { db: fromPglite(pglite), backend: 'pglite' as const, useListenNotify: true, registerInstance: false, openTelemetry: { enabled: false } };
    let boss = new PgBoss(options);
    let t = performance.now();
    await boss.start();
    const freshStartMs = performance.now() - t;
    const rssAfterFreshStartMb = rss();
    await boss.stop({ graceful: false });
    boss = new PgBoss(options);
    t = performance.now();
    await boss.start();
    const restartMs = performance.now() - t;
    const rssIdleWithBossMb = await idleRss(3000);
    await boss.stop({ graceful: false });
    await database.close();
    return { mode: 'jobs', rssPgliteIdleMb: rssIdleWithoutBossMb, freshStartMs, rssAfterFreshStartMb, restartMs, rssIdleWithBossMb, rssIdleWithoutBossMb };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
const figures = mode === 'jobs' ? await jobs() : await pipeline();
process.send?.(figures);
if (!process.send) console.log(figures);
