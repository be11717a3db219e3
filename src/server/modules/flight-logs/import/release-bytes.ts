/** Below this, a buffer may be a slice of Node's shared 8 KB pool, which must never be detached. */
const OWN_BUFFER_MIN_BYTES = 64 * 1024;

type Transferable = ArrayBuffer & { transfer?: (newLength: number) => ArrayBuffer };

/**
 * Gives a file's memory back now rather than at V8's next full collection. A 50 MB import body is memory
 * outside the JavaScript heap, which V8 collects late: with four imports queued, two or three bodies were
 * still held when the next was read (the peak held 116 MB of buffers against one 49 MB file; ADR 0057).
 * Detaching the buffer frees it at once; every view of it (a subarray past a byte-order mark) then reads as
 * empty, so this is called only when the import is over. A buffer that does not own its whole memory is
 * left to the collector.
 */
export function releaseBytes(bytes: Buffer | null | undefined): void {
  if (!bytes || bytes.length < OWN_BUFFER_MIN_BYTES) return;
  const memory = bytes.buffer as Transferable;
  if (!(memory instanceof ArrayBuffer) || bytes.byteOffset !== 0 || memory.byteLength !== bytes.length) return;
  memory.transfer?.(0);
}
