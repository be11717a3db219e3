import { KERNEL_WASM_BASE64 } from './kernel-wasm.ts';

/** The functions of kernel.wat, and the memory they work in (byte addresses into it). */
export interface KernelExports {
  memory: WebAssembly.Memory;
  qmatmul(x: number, xs: number, w: number, ws: number, b: number, out: number, n: number, k: number, m: number): void;
  quantize(x: number, n: number, k: number, xq: number, xs: number): void;
  attend(qkv: number, n: number, ctx: number, probs: number): void;
  gelu(p: number, count: number): void;
}

let compiled: WebAssembly.Module | null = null;

/**
 * A kernel with a memory of its own of at least `bytes`, zeroed. The module declares its memory; it is
 * grown once here, so views made on it afterwards stay valid. The module is compiled once per thread.
 */
export function instantiateKernel(bytes: number): KernelExports {
  compiled ??= new WebAssembly.Module(Buffer.from(KERNEL_WASM_BASE64, 'base64'));
  const kernel = new WebAssembly.Instance(compiled, {}).exports as unknown as KernelExports;
  const pages = Math.ceil(bytes / 65536) - kernel.memory.buffer.byteLength / 65536;
  if (pages > 0) kernel.memory.grow(pages);
  return kernel;
}
