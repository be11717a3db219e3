/**
 * Documents figures (issue 10), never pass/fail, each from a process of its own (bench/documents-probe.ts):
 *  - extraction and indexing of a 200-page PDF through the real app on embedded PGlite: upload, the
 *    pg-boss job reading it in its worker thread, staff approval indexing its passages; wall time of
 *    each and the RSS before, the sampled peak during, and the process's own peak (ru_maxrss, which
 *    includes opening the fresh database);
 *  - what pg-boss adds to an idle PGlite server: its start on a fresh data folder and on an existing
 *    one, and the idle RSS with and without it.
 *
 * Run alone: node bench/documents.ts
 */
import { fileURLToPath } from 'node:url';
import type { JobsFigures, PipelineFigures } from './documents-probe.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

async function probe<T>(mode: 'pipeline' | 'jobs'): Promise<T> {
  const { ready, stop } = await startBenchServer<T>('bench/documents-probe.ts', {}, [mode], ['--expose-gc']);
  await stop();
  return ready;
}

export async function benchDocuments() {
  heading('Documents (embedded PGlite): a 200-page PDF read by the pg-boss job and indexed');
  const p = await probe<PipelineFigures>('pipeline');
  console.log(`PDF: ${p.pages} pages, ${fmt(p.pdfBytes / 1024)} KB; ${fmt(p.passages)} passages indexed`);
  console.log(`upload (POST /api/user-documents, stored + job enqueued): ${fmt(p.uploadMs)} ms`);
  console.log(`extraction (job picked up, text read in its worker thread, stored): ${fmt(p.extractionMs)} ms`);
  console.log(`indexing (POST /api/admin/documents/{id}/approve, passages into the search): ${fmt(p.indexingMs)} ms`);
  console.log(`total: ${fmt(p.uploadMs + p.extractionMs + p.indexingMs)} ms`);
  console.log(`RSS: ${fmt(p.rssBeforeMb, 1)} MB before, peak ${fmt(p.rssPeakSampledMb, 1)} MB during (sampled every 10 ms); process peak ru_maxrss ${fmt(p.maxRssMb, 1)} MB (includes creating the database)`);

  heading('Job queue (pg-boss 12.38.0 on embedded PGlite)');
  const j = await probe<JobsFigures>('jobs');
  console.log(`start on a fresh data folder (installs its schema): ${fmt(j.freshStartMs)} ms; on an existing one: ${fmt(j.restartMs)} ms`);
  console.log(`idle RSS: ${fmt(j.rssIdleWithoutBossMb, 1)} MB with PGlite alone, ${fmt(j.rssIdleWithBossMb, 1)} MB with pg-boss started (+${fmt(j.rssIdleWithBossMb - j.rssIdleWithoutBossMb, 1)} MB)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchDocuments();
