/**
 * The sentence encoder on its own (ADR 0065), in a fresh process so the figures are its own: load
 * time, the memory it adds (RSS after garbage collection, before and after), one question's embedding
 * time, and a section's at indexing (on this thread and across worker threads).
 * Run: node --expose-gc bench/assistant-encoder.ts   (bench/assistant.ts runs it so)
 */
import { fileURLToPath } from 'node:url';
import { embedTexts, sectionText } from '../src/server/modules/knowledge/encoder.ts';
import { loadArticles } from '../src/server/modules/knowledge/load-articles.ts';
import { fmt } from './lib.ts';

export interface EncoderFigures {
  loadMs: number;
  rssMb: number;
  queryMs: number;
  sectionMsInline: number;
  sectionMsWorkers: number;
}

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rss = () => {
  collect();
  return process.memoryUsage().rss / 1e6;
};

export async function measureEncoder(): Promise<EncoderFigures> {
  const sections = loadArticles()
    .flatMap((a) => a.sections)
    .map((s) => sectionText(s));
  const before = rss();
  let t0 = performance.now();
  await embedTexts(['warm up']);
  const loadMs = performance.now() - t0;
  const rssMb = rss() - before;
  const questions = ['How high can I fly under Part 107?', 'my drone drifts in hover, what do I do', 'can I fly at night', 'how long do lipo batteries last'];
  t0 = performance.now();
  for (const q of questions) await embedTexts([q]);
  const queryMs = (performance.now() - t0) / questions.length;
  // Fewer than the engine's worker threshold runs on this thread; a long list is shared by workers.
  const inline = sections.slice(0, 16);
  t0 = performance.now();
  for (const s of inline) await embedTexts([s]);
  const sectionMsInline = (performance.now() - t0) / inline.length;
  const batch = sections.slice(0, 96);
  t0 = performance.now();
  await embedTexts(batch);
  const sectionMsWorkers = (performance.now() - t0) / batch.length;
  return { loadMs, rssMb, queryMs, sectionMsInline, sectionMsWorkers };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = await measureEncoder();
  console.log(
    `encoder: load ${fmt(f.loadMs)} ms, +${fmt(f.rssMb)} MB RSS; a question ${fmt(f.queryMs, 1)} ms; ` +
      `a section ${fmt(f.sectionMsInline, 1)} ms on this thread, ${fmt(f.sectionMsWorkers, 1)} ms each across worker threads`,
  );
}
