import { describe, expect, it } from 'vitest';
import { assembleKernel, kernelSource } from './build-kernel.ts';
import { KERNEL_WASM_BASE64 } from './kernel-wasm.ts';

describe('the MiniLM kernel', () => {
  it('is committed as kernel.wat assembles (run build-kernel.ts after editing kernel.wat)', async () => {
    const wasm = await assembleKernel();
    expect(Buffer.from(wasm).toString('base64')).toBe(KERNEL_WASM_BASE64);
    expect(kernelSource(wasm)).toContain(KERNEL_WASM_BASE64);
  });
});
