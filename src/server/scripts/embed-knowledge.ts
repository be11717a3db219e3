import { embedSections, sectionKey } from '../modules/knowledge/encoder.ts';
import { loadArticles } from '../modules/knowledge/load-articles.ts';
import { encodeVector, readShippedVectors, SHIPPED_VECTORS_DIR, writeShippedVectors } from '../modules/knowledge/shipped-vectors.ts';

/**
 * `npm run kb:embed`: computes the shipped sections' vectors once and writes knowledge/vectors/*.json
 * (ADR 0065). Only sections whose text (or the model) changed are embedded again; vectors of text that
 * is gone are dropped. Run it after editing the knowledge base; `npm run kb:check` says when it is due.
 */
const texts = new Map(loadArticles().flatMap((a) => a.sections.map((s) => [sectionKey(s), s] as const)));
const existing = readShippedVectors();
const kept = new Map([...existing].filter(([key]) => texts.has(key)));
const missing = [...texts].filter(([key]) => !kept.has(key));
const started = performance.now();
const vectors = await embedSections(missing.map(([, section]) => section));
missing.forEach(([key], i) => {
  const v = vectors[i];
  if (v) kept.set(key, encodeVector(v));
});
writeShippedVectors(kept);
console.log(
  `${SHIPPED_VECTORS_DIR}: ${kept.size} vectors; embedded ${missing.length} in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `dropped ${existing.size - (kept.size - missing.length)} stale`,
);
