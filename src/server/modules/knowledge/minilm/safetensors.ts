import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A safetensors file read one tensor at a time: the JSON header says where each tensor's bytes are, and
 * only the tensor asked for is read (the whole 45 MB file is never in memory at once).
 */
export interface TensorEntry {
  dtype: string;
  shape: number[];
  /** Byte offset of the tensor's data in the file. */
  offset: number;
  bytes: number;
}

interface HeaderEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

export function readSafetensorsHeader(path: string): Map<string, TensorEntry> {
  const fd = openSync(path, 'r');
  try {
    const size = Buffer.alloc(8);
    readSync(fd, size, 0, 8, 0);
    const headerBytes = Number(size.readBigUInt64LE(0));
    const header = Buffer.alloc(headerBytes);
    readSync(fd, header, 0, headerBytes, 8);
    const json = JSON.parse(header.toString('utf8')) as Record<string, HeaderEntry | Record<string, string>>;
    const tensors = new Map<string, TensorEntry>();
    for (const [name, entry] of Object.entries(json)) {
      if (name === '__metadata__' || !('data_offsets' in entry)) continue;
      const e = entry as HeaderEntry;
      const [begin, end] = e.data_offsets;
      tensors.set(name, { dtype: e.dtype, shape: e.shape, offset: 8 + headerBytes + begin, bytes: end - begin });
    }
    return tensors;
  } finally {
    closeSync(fd);
  }
}

/** fp16 bit pattern → number (IEEE 754 half: 1 sign, 5 exponent, 10 mantissa bits). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const mantissa = h & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 31) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/**
 * Every fp16 bit pattern's value (256 KB), built while a model loads (decoding 10 million weights by
 * lookup is ~10× faster) and dropped after, so it is not kept for the few rows read per question.
 */
let halves: Float32Array | null = null;
export function useHalfTable(on: boolean): void {
  if (on && !halves) {
    halves = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halves[h] = halfToFloat(h);
  } else if (!on) halves = null;
}

/**
 * Reads `count` fp16 values (little-endian, as on every platform Node runs on here) at byte `offset` of
 * an open file into `into`. A scratch buffer (at least count × 2 bytes) saves an allocation per call.
 */
export function readHalves(fd: number, offset: number, count: number, into: Float32Array, scratch?: Buffer): Float32Array {
  const buf = scratch && scratch.length >= count * 2 && scratch.byteOffset % 2 === 0 ? scratch : Buffer.alloc(count * 2);
  readSync(fd, buf, 0, count * 2, offset);
  const bits = new Uint16Array(buf.buffer, buf.byteOffset, count);
  const table = halves;
  if (table) for (let i = 0; i < count; i++) into[i] = table[bits[i] ?? 0] ?? 0;
  else for (let i = 0; i < count; i++) into[i] = halfToFloat(bits[i] ?? 0);
  return into;
}
