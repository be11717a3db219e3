/**
 * Text-to-speech figures (issue 3), never pass/fail: the embedded synthesiser (Flite compiled to WASM, in
 * its worker thread) speaking a 200-character answer. Cold is the first call of a fresh synthesiser
 * (thread start, WASM compile, first run with an unwarmed JIT); warm-at-start is what the first pilot
 * waits for when the server warmed it on listen (ADR 0011); then the median of repeated calls.
 *
 * Run alone: node bench/speech.ts [--quick]
 */
import { fileURLToPath } from 'node:url';
import { createEmbeddedSynthesiser } from '../src/server/providers/speech/embedded-synthesiser.ts';
import { fmt, heading, median } from './lib.ts';

const ANSWER =
  'Before you fly, check the propellers for cracks, charge every battery, calibrate the compass away from metal, and confirm the airspace is open. Keep the drone in sight and below 400 feet, and land with a quarter of the battery left.';

/** The audio's length in seconds from its RIFF header (fmt and data chunks). */
function wavSeconds(wav: Buffer): number {
  let at = 12;
  let bytesPerSecond = 0;
  while (at + 8 <= wav.length) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') bytesPerSecond = wav.readUInt32LE(at + 16);
    if (id === 'data') return bytesPerSecond ? Math.min(size, wav.length - at - 8) / bytesPerSecond : 0;
    at += 8 + size + (size % 2);
  }
  return 0;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const result = await work();
  return [performance.now() - t0, result];
}

export async function benchSpeech(opts: { runs: number }) {
  const text = ANSWER.slice(0, 200);
  heading(`POST /api/text-to-speech, embedded synthesiser (${text.length}-character answer, ${opts.runs} warm runs)`);

  const cold = createEmbeddedSynthesiser();
  const [coldMs, first] = await timed(() => cold.synthesise(text));
  await cold.close();

  const warmed = createEmbeddedSynthesiser();
  const [warmUpMs] = await timed(() => warmed.warm());
  const [afterWarmMs] = await timed(() => warmed.synthesise(text));
  const times: number[] = [];
  for (let i = 0; i < opts.runs; i++) times.push((await timed(() => warmed.synthesise(text)))[0]);
  await warmed.close();

  const seconds = wavSeconds(first.bytes);
  const warmMedian = median(times);
  console.log(`Audio:                 ${fmt(first.bytes.length / 1024)} KiB WAV, ${fmt(seconds, 1)} s of speech`);
  console.log(`Cold first call:       ${fmt(coldMs)} ms (thread start + WASM compile + first synthesis)`);
  console.log(`Warm-up at listen:     ${fmt(warmUpMs)} ms in the background; the first call after it: ${fmt(afterWarmMs)} ms`);
  console.log(`Warm median:           ${fmt(warmMedian)} ms (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}), ${fmt(seconds / (warmMedian / 1000), 0)}x real time`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchSpeech({ runs: process.argv.includes('--quick') ? 5 : 15 });
