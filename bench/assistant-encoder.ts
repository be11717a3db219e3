/**
 * The sentence encoder on its own (ADR 0065), in a fresh process so the figures are its own: load
 * time, the memory it adds (RSS after garbage collection, before and after), one question's embedding
 * time, a section's at indexing (one at a time, and in a batch of 96), and the longest the event loop
 * was held up while it loaded and while it embedded (it runs on the event loop's thread).
 * Run: node --expose-gc bench/assistant-encoder.ts   (bench/assistant.ts runs it so)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { embedTexts, sectionText } from '../src/server/modules/knowledge/encoder.ts';
import { loadArticles } from '../src/server/modules/knowledge/load-articles.ts';
import { fmt } from './lib.ts';

export interface EncoderFigures {
  loadMs: number;
  rssMb: number;
  queryMs: number;
  sectionMsSingly: number;
  sectionMsBatch: number;
  loadStallMs: number;
  stallMs: number;
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
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  let t0 = performance.now();
  await embedTexts(['warm up']);
  const loadMs = performance.now() - t0;
  stalls.disable();
  const loadStallMs = stalls.max / 1e6;
  stalls.reset();
  stalls.enable();
  const rssMb = rss() - before;
  const questions = ['How high can I fly under Part 107?', 'my drone drifts in hover, what do I do', 'can I fly at night', 'how long do lipo batteries last'];
  t0 = performance.now();
  for (const q of questions) await embedTexts([q]);
  const queryMs = (performance.now() - t0) / questions.length;
  const singly = sections.slice(0, 16);
  t0 = performance.now();
  for (const s of singly) await embedTexts([s]);
  const sectionMsSingly = (performance.now() - t0) / singly.length;
  const batch = sections.slice(0, 96);
  t0 = performance.now();
  await embedTexts(batch);
  const sectionMsBatch = (performance.now() - t0) / batch.length;
  stalls.disable();
  return { loadMs, rssMb, queryMs, sectionMsSingly, sectionMsBatch, loadStallMs, stallMs: stalls.max / 1e6 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = await measureEncoder();
  console.log(
    `encoder: load ${fmt(f.loadMs)} ms, +${fmt(f.rssMb)} MB RSS; a question ${fmt(f.queryMs, 1)} ms; ` +
      `a section ${fmt(f.sectionMsSingly, 1)} ms (${fmt(f.sectionMsBatch, 1)} ms each in a batch of 96); ` +
      `longest event-loop stall ${fmt(f.loadStallMs, 1)} ms while loading, ${fmt(f.stallMs, 1)} ms while embedding`,
  );
}
