import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { KNOWLEDGE_DIR } from './load-articles.ts';
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from './encoder.ts';

/**
 * The shipped sections' vectors, computed once by `npm run kb:embed` and committed (ADR 0065), so a
 * fresh database does not pay ~40 s of CPU to embed the knowledge base. Keyed by `sectionKey` (the model
 * and the embedded views), so an edited section or a new model simply has no entry and is embedded at
 * run time; `npm run kb:check` fails while any is missing or left over.
 *
 * Each view's vector (encoder.ts, sectionViews) is stored as int8 with one float32 scale (388 bytes, base64): the cosine of the rounded
 * vectors differs from the exact one by less than 0.001, which no ranking here can see.
 */
export const SHIPPED_VECTORS_DIR = join(KNOWLEDGE_DIR, 'vectors');

/**
 * The vectors are spread over this many files by their key's first character: one file outgrew the
 * repository's 2 MB file limit at 308 sections (1.7 MB), and four leave room for four times as many.
 */
export const SHIPPED_VECTOR_SHARDS = 4;
const shardOf = (key: string) => key.charCodeAt(0) % SHIPPED_VECTOR_SHARDS;

const fileSchema = z.object({ model: z.string(), dims: z.number(), vectors: z.record(z.string(), z.string()) });

/** A section's views (views × EMBEDDING_DIMS numbers), each as int8 with its own scale, joined by '.'. */
export function encodeVector(all: Float32Array): string {
  const parts: string[] = [];
  for (let at = 0; at < all.length; at += EMBEDDING_DIMS) {
    const v = all.subarray(at, at + EMBEDDING_DIMS);
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x));
    const scale = max / 127 || 1;
    const out = Buffer.alloc(4 + v.length);
    out.writeFloatLE(scale, 0);
    v.forEach((x, i) => out.writeInt8(Math.round(x / scale), 4 + i));
    parts.push(out.toString('base64'));
  }
  return parts.join('.');
}

export function decodeVector(text: string): Float32Array {
  const parts = text.split('.');
  const all = new Float32Array(parts.length * EMBEDDING_DIMS);
  parts.forEach((part, p) => {
    const buf = Buffer.from(part, 'base64');
    const scale = buf.readFloatLE(0);
    const v = all.subarray(p * EMBEDDING_DIMS, (p + 1) * EMBEDDING_DIMS);
    let norm = 0;
    for (let i = 0; i < v.length; i += 1) {
      v[i] = buf.readInt8(4 + i) * scale;
      norm += (v[i] ?? 0) ** 2;
    }
    // Unit length again after rounding, so a dot product stays a cosine.
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < v.length; i += 1) v[i] = (v[i] ?? 0) / norm;
  });
  return all;
}

/** The committed vectors of the current model (none when the files are for another model, or absent). */
export function readShippedVectors(dir = SHIPPED_VECTORS_DIR): Map<string, string> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return new Map();
  }
  const vectors = new Map<string, string>();
  for (const file of files) {
    const parsed = fileSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (parsed.model !== EMBEDDING_MODEL || parsed.dims !== EMBEDDING_DIMS) return new Map();
    for (const [key, vector] of Object.entries(parsed.vectors)) vectors.set(key, vector);
  }
  return vectors;
}

let shipped: Map<string, string> | null = null;
/** The committed vectors, read once per process (indexing and the labelled examples both need them). */
export function shippedVectors(): Map<string, string> {
  return (shipped ??= readShippedVectors());
}

export function writeShippedVectors(vectors: Map<string, string>, dir = SHIPPED_VECTORS_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Sorted keys, one per line: a changed section is a one-line diff.
  const entries = [...vectors].sort(([a], [b]) => a.localeCompare(b));
  for (let shard = 0; shard < SHIPPED_VECTOR_SHARDS; shard += 1) {
    const body = entries
      .filter(([k]) => shardOf(k) === shard)
      .map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(',\n');
    writeFileSync(join(dir, `${shard}.json`), `{\n  "model": ${JSON.stringify(EMBEDDING_MODEL)},\n  "dims": ${EMBEDDING_DIMS},\n  "vectors": {\n${body}\n  }\n}\n`);
  }
}
