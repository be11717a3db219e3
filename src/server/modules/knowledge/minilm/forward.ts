import { closeSync, openSync } from 'node:fs';
import { instantiateKernel } from './kernel.ts';
import { readHalves, readSafetensorsHeader, type TensorEntry, useHalfTable } from './safetensors.ts';
import { loadWordPiece, type WordPiece } from './tokenizer.ts';

/**
 * all-MiniLM-L6-v2's forward pass, lean (ADR 0065, update): the six layers' linear weights held as int8
 * with one scale per output row (10.6 MB, where the fp32 engine held ~90 MB), multiplied in kernel.wat's
 * SIMD loop against activations quantised per token to int16; attention and GELU in fp32 in the kernel
 * too; word embeddings read from the weights file when a token needs them; embeddings, LayerNorm and
 * pooling here. One text per pass, no padding, so the attention needs no mask. The activations live in
 * the kernel's memory, so nothing is copied between a step and the next.
 */

// The shape of all-MiniLM-L6-v2 (config.json); the kernel's attend is written for its 12 heads of 32.
const HIDDEN = 384;
const INTERMEDIATE = 1536;
const LAYERS = 6;
const LN_EPS = 1e-12;
/** Word-embedding rows kept decoded (1.5 KB each): the common words of questions and sections. */
const WORD_CACHE = 1024;

export interface MiniLMFiles {
  weightsPath: string;
  tokenizerPath: string;
  maxTokens: number;
}

/** A linear layer in the kernel's memory: int8 weights (rows × cols), a scale and a bias per row. */
interface Linear {
  w: number;
  ws: number;
  b: number;
  rows: number;
  cols: number;
}

interface Layer {
  qkv: Linear;
  attnOut: Linear;
  ln1: [Float32Array, Float32Array];
  up: Linear;
  down: Linear;
  ln2: [Float32Array, Float32Array];
}

export interface MiniLM {
  /**
   * The unit-length, mean-pooled sentence vector (384 numbers). Calls run one at a time (they share the
   * kernel's scratch memory); a long text gives the event loop a turn twice a layer.
   */
  embed(text: string): Promise<Float32Array>;
}

/**
 * Texts longer than this many tokens (~10 ms of work in all) give the event loop a turn before each
 * layer's attention and before its feed-forward half: ≤ ~10 ms between turns even at 256 tokens.
 */
const YIELD_OVER_TOKENS = 32;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function layerNorm(h: Float32Array, n: number, [gamma, beta]: [Float32Array, Float32Array]): void {
  for (let t = 0; t < n; t++) {
    const o = t * HIDDEN;
    let mean = 0;
    for (let i = 0; i < HIDDEN; i++) mean += h[o + i] ?? 0;
    mean /= HIDDEN;
    let variance = 0;
    for (let i = 0; i < HIDDEN; i++) {
      const d = (h[o + i] ?? 0) - mean;
      variance += d * d;
    }
    const inv = 1 / Math.sqrt(variance / HIDDEN + LN_EPS);
    for (let i = 0; i < HIDDEN; i++) h[o + i] = ((h[o + i] ?? 0) - mean) * inv * (gamma[i] ?? 0) + (beta[i] ?? 0);
  }
}

function tensor(tensors: Map<string, TensorEntry>, name: string): TensorEntry {
  const t = tensors.get(name);
  if (!t || t.dtype !== 'F16') throw new Error(`the MiniLM weights have no fp16 ${name}`);
  return t;
}

/**
 * The weights file open for loading: one tensor at a time, through a 1.2 MB read buffer and a 2.4 MB
 * decoded copy that live only while the model loads (a closure of the model itself would keep them).
 */
function openWeights(path: string, tensors: Map<string, TensorEntry>, heap: ArrayBuffer) {
  const fd = openSync(path, 'r');
  const scratch = Buffer.alloc(INTERMEDIATE * HIDDEN * 2);
  const raw = new Float32Array(INTERMEDIATE * HIDDEN);
  useHalfTable(true);
  /** The first into.length values of a tensor (all of it when `into` is not given). */
  const halves = (name: string, into?: Float32Array) => {
    const t = tensor(tensors, name);
    const values = into ?? new Float32Array(t.bytes / 2);
    return readHalves(fd, t.offset, Math.min(values.length, t.bytes / 2), values, scratch);
  };
  /**
   * An fp16 weight tensor's rows → int8 with a scale per row, from row r0 of the layer (Q, K and V are
   * stacked in one), and its bias in fp32.
   */
  const fill = (lin: Linear, prefix: string, r0 = 0) => {
    const q = new Int8Array(heap, lin.w, lin.rows * lin.cols);
    const scales = new Float32Array(heap, lin.ws, lin.rows);
    const biases = new Float32Array(heap, lin.b, lin.rows);
    const w = tensor(tensors, `${prefix}.weight`);
    const [rows = 0, cols = 0] = w.shape;
    if (cols !== lin.cols || r0 + rows > lin.rows) throw new Error(`${prefix}.weight is ${rows}×${cols}, not ×${lin.cols}`);
    // One read per tensor (at most 1.2 MB), then quantised row by row.
    readHalves(fd, w.offset, rows * cols, raw, scratch);
    for (let r = 0; r < rows; r++) {
      let max = 0;
      for (let c = 0; c < cols; c++) max = Math.max(max, Math.abs(raw[r * cols + c] ?? 0));
      const scale = max > 0 ? max / 127 : 1;
      scales[r0 + r] = scale;
      const base = (r0 + r) * cols;
      for (let c = 0; c < cols; c++) q[base + c] = Math.round((raw[r * cols + c] ?? 0) / scale);
    }
    biases.set(halves(`${prefix}.bias`), r0);
  };
  return {
    fill,
    halves,
    vector: (name: string) => halves(name),
    close: () => {
      useHalfTable(false);
      closeSync(fd);
    },
  };
}

/**
 * Loads the model: ~250 ms in all, in steps of at most ~25 ms (the tokenizer, or one tensor's
 * quantising) with a turn of the event loop between them, so the server can load it on its own thread.
 */
export async function loadMiniLM(files: MiniLMFiles): Promise<MiniLM> {
  const tokenizer: WordPiece = loadWordPiece(files.tokenizerPath);
  const tensors = readSafetensorsHeader(files.weightsPath);
  await nextTurn(); // the tokenizer's ~25 ms is one step of its own
  const maxTokens = files.maxTokens;

  // The kernel's memory, laid out once: every layer's weights, then the scratch of the largest pass.
  let top = 0;
  const alloc = (bytes: number) => {
    const at = top;
    top += Math.ceil(bytes / 16) * 16;
    return at;
  };
  const linearShape = (rows: number, cols: number): Linear => ({ w: alloc(rows * cols), ws: alloc(rows * 4), b: alloc(rows * 4), rows, cols });
  const shapes = Array.from({ length: LAYERS }, () => ({
    qkv: linearShape(3 * HIDDEN, HIDDEN),
    attnOut: linearShape(HIDDEN, HIDDEN),
    up: linearShape(INTERMEDIATE, HIDDEN),
    down: linearShape(HIDDEN, INTERMEDIATE),
  }));
  const hidden = alloc(maxTokens * HIDDEN * 4);
  const ctx = alloc(maxTokens * HIDDEN * 4);
  const out = alloc(maxTokens * INTERMEDIATE * 4);
  const xq = alloc(maxTokens * INTERMEDIATE * 2);
  const xs = alloc(maxTokens * 4);
  const probs = alloc((maxTokens + 4) * 4);
  const kernel = instantiateKernel(top);
  const heap = kernel.memory.buffer;

  const weights = openWeights(files.weightsPath, tensors, heap);
  const { fill, vector: readVector, halves: readInto } = weights;

  let layers: Layer[];
  let embLn: [Float32Array, Float32Array];
  const positions = new Float32Array(maxTokens * HIDDEN);
  const wordTable = tensor(tensors, 'embeddings.word_embeddings.weight');
  try {
    layers = [];
    for (const [i, s] of shapes.entries()) {
      const p = `encoder.layer.${i}`;
      for (const [k, part] of ['query', 'key', 'value'].entries()) {
        await nextTurn();
        fill(s.qkv, `${p}.attention.self.${part}`, k * HIDDEN);
      }
      await nextTurn();
      fill(s.attnOut, `${p}.attention.output.dense`);
      await nextTurn();
      fill(s.up, `${p}.intermediate.dense`);
      await nextTurn();
      fill(s.down, `${p}.output.dense`);
      layers.push({
        ...s,
        ln1: [readVector(`${p}.attention.output.LayerNorm.weight`), readVector(`${p}.attention.output.LayerNorm.bias`)],
        ln2: [readVector(`${p}.output.LayerNorm.weight`), readVector(`${p}.output.LayerNorm.bias`)],
      });
    }
    embLn = [readVector('embeddings.LayerNorm.weight'), readVector('embeddings.LayerNorm.bias')];
    // Position and token-type (always type 0: one sentence) embeddings summed once.
    readInto('embeddings.position_embeddings.weight', positions);
    const type0 = readInto('embeddings.token_type_embeddings.weight', new Float32Array(HIDDEN));
    for (let i = 0; i < positions.length; i++) positions[i] = (positions[i] ?? 0) + (type0[i % HIDDEN] ?? 0);
  } finally {
    weights.close();
  }

  const words = new Map<number, Float32Array>();
  const wordRows = (ids: Int32Array): Float32Array[] => {
    let file = -1;
    try {
      return Array.from(ids, (id) => {
        let v = words.get(id);
        if (v) {
          words.delete(id);
        } else {
          if (file < 0) file = openSync(files.weightsPath, 'r');
          v = readHalves(file, wordTable.offset + id * HIDDEN * 2, HIDDEN, new Float32Array(HIDDEN));
          if (words.size >= WORD_CACHE) words.delete(words.keys().next().value ?? -1);
        }
        words.set(id, v);
        return v;
      });
    } finally {
      if (file >= 0) closeSync(file);
    }
  };

  /** The activations at `x` (n × lin.cols, in the kernel's memory) · Wᵀ + b → `out` (n × lin.rows). */
  const linear = (x: number, n: number, lin: Linear): Float32Array => {
    kernel.quantize(x, n, lin.cols, xq, xs);
    kernel.qmatmul(xq, xs, lin.w, lin.ws, lin.b, out, n, lin.cols, lin.rows);
    return new Float32Array(heap, out, n * lin.rows);
  };

  const forward = async (text: string): Promise<Float32Array> => {
    const ids = tokenizer.encode(text, maxTokens);
    const n = ids.length;
    const h = new Float32Array(heap, hidden, n * HIDDEN);
    wordRows(ids).forEach((w, t) => {
      for (let i = 0; i < HIDDEN; i++) h[t * HIDDEN + i] = (w[i] ?? 0) + (positions[t * HIDDEN + i] ?? 0);
    });
    layerNorm(h, n, embLn);
    for (const layer of layers) {
      if (n > YIELD_OVER_TOKENS) await nextTurn();
      linear(hidden, n, layer.qkv);
      kernel.attend(out, n, ctx, probs);
      const a = linear(ctx, n, layer.attnOut);
      for (let i = 0; i < h.length; i++) h[i] = (h[i] ?? 0) + (a[i] ?? 0);
      layerNorm(h, n, layer.ln1);
      if (n > YIELD_OVER_TOKENS) await nextTurn();
      linear(hidden, n, layer.up);
      kernel.gelu(out, n * INTERMEDIATE);
      const down = linear(out, n, layer.down);
      for (let i = 0; i < h.length; i++) h[i] = (h[i] ?? 0) + (down[i] ?? 0);
      layerNorm(h, n, layer.ln2);
    }
    // Mean over the tokens (all real: no padding), then unit length.
    const v = new Float32Array(HIDDEN);
    for (let t = 0; t < n; t++) for (let i = 0; i < HIDDEN; i++) v[i] = (v[i] ?? 0) + (h[t * HIDDEN + i] ?? 0) / n;
    let norm = 0;
    for (let i = 0; i < HIDDEN; i++) norm += (v[i] ?? 0) ** 2;
    const inv = 1 / Math.max(Math.sqrt(norm), 1e-12);
    for (let i = 0; i < HIDDEN; i++) v[i] = (v[i] ?? 0) * inv;
    return v;
  };

  let queue: Promise<unknown> = Promise.resolve();
  return {
    embed(text) {
      const run = queue.then(() => forward(text));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
