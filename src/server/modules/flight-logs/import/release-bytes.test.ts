import { describe, expect, it } from 'vitest';
import { releaseBytes } from './release-bytes.ts';

describe('releaseBytes', () => {
  it('frees a large buffer that owns its memory: it reads as empty afterwards, and so do its views', () => {
    const body = Buffer.alloc(1024 * 1024, 0x41);
    const view = body.subarray(3);
    releaseBytes(body);
    expect(body.length).toBe(0);
    expect(view.length).toBe(0);
    expect(body.buffer.byteLength).toBe(0);
  });

  it('leaves alone a small buffer (it may share the pool with others), a view into a larger memory, and nothing', () => {
    const small = Buffer.from('flight,date\n1,2024-01-01\n');
    releaseBytes(small);
    expect(small.toString()).toContain('flight');
    const whole = Buffer.alloc(1024 * 1024, 0x42);
    const tail = whole.subarray(3);
    releaseBytes(tail);
    expect(whole.length).toBe(1024 * 1024);
    expect(tail.length).toBe(1024 * 1024 - 3);
    releaseBytes(null);
  });
});
