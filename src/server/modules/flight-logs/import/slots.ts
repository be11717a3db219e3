/**
 * A process-wide bound on imports reading and parsing at once (ADR 0035). Parsing is synchronous work
 * on the one event loop, so running more at once finishes none sooner; it only multiplies the memory
 * (each holds its file, up to 50 MB). A request waiting for a slot has not read its body: TCP holds it
 * back, not this process.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with a release function that may be called any number of times (the first one counts). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}
