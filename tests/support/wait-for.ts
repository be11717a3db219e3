/**
 * Polls until `read` gives a value (not undefined/null/false). Records written in onResponse land after
 * app.inject() has returned, so tests wait for them instead of sleeping a fixed time.
 */
export async function waitFor<T>(read: () => Promise<T | undefined | null | false>, what = 'condition', timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

