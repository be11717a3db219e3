import { describe, expect, it } from 'vitest';
import type { PreferenceKey, PreferenceUpdate, Preferences } from '../../../shared/account.ts';
import { createPreferenceSaver } from './preference-saver.ts';

/** A hand-driven clock and a server whose answers the test decides one by one. */
function harness(initial: Partial<Preferences> = {}) {
  const values: Partial<Preferences> = { theme: 'system', country: 'US', showHelpTip: true, ...initial };
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const sent: { update: PreferenceUpdate; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const saved: [PreferenceKey, unknown][] = [];
  const failed: [PreferenceKey, boolean][] = [];

  const saver = createPreferenceSaver({
    delayMs: 300,
    read: (key) => values[key] as never,
    write: (key, value) => {
      (values as Record<string, unknown>)[key] = value;
    },
    send: (update) =>
      new Promise<void>((resolve, reject) => {
        sent.push({ update, resolve, reject });
      }),
    onSaved: (key, value) => saved.push([key, value]),
    onFailed: (key, _error, rolledBack) => failed.push([key, rolledBack]),
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });

  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fn();
      }
    }
  };
  const settle = () => new Promise<void>((r) => setTimeout(r, 0));
  return { saver, values, sent, saved, failed, advance, settle };
}

describe('createPreferenceSaver', () => {
  it('applies a change at once and sends it after 300 ms of quiet', () => {
    const h = harness();
    h.saver.save('country', 'FR');
    expect(h.values.country).toBe('FR');
    h.advance(299);
    expect(h.sent).toHaveLength(0);
    h.advance(1);
    expect(h.sent.map((s) => s.update)).toEqual([{ country: 'FR' }]);
  });

  it('sends only the last of quick changes to one key', () => {
    const h = harness();
    h.saver.save('country', 'FR');
    h.advance(200);
    h.saver.save('country', 'DE');
    h.advance(200);
    h.saver.save('country', 'JP');
    h.advance(300);
    expect(h.sent.map((s) => s.update)).toEqual([{ country: 'JP' }]);
  });

  it('sends each key on its own, with exactly that key', () => {
    const h = harness();
    h.saver.save('country', 'FR');
    h.saver.save('showHelpTip', false);
    h.advance(300);
    expect(h.sent.map((s) => s.update)).toEqual([{ country: 'FR' }, { showHelpTip: false }]);
  });

  it('reports a successful save', async () => {
    const h = harness();
    h.saver.save('showHelpTip', false);
    h.advance(300);
    h.sent[0]!.resolve();
    await h.settle();
    expect(h.saved).toEqual([['showHelpTip', false]]);
    expect(h.values.showHelpTip).toBe(false);
  });

  it('rolls a failed key back to the value before the change', async () => {
    const h = harness();
    h.saver.save('country', 'FR');
    h.saver.save('country', 'DE');
    h.advance(300);
    h.sent[0]!.reject(new Error('500: down'));
    await h.settle();
    expect(h.values.country).toBe('US');
    expect(h.failed).toEqual([['country', true]]);
  });

  it('rolls back to the last value the server accepted, not an unsaved one', async () => {
    const h = harness();
    h.saver.save('country', 'FR');
    h.advance(300);
    h.sent[0]!.resolve();
    await h.settle();
    h.saver.save('country', 'DE');
    h.advance(300);
    h.sent[1]!.reject(new Error('500: down'));
    await h.settle();
    expect(h.values.country).toBe('FR');
  });

  it('keeps a newer waiting change when an older request fails', async () => {
    const h = harness();
    h.saver.save('country', 'FR');
    h.advance(300);
    h.saver.save('country', 'DE');
    h.sent[0]!.reject(new Error('500: down'));
    await h.settle();
    expect(h.values.country).toBe('DE');
    expect(h.failed).toEqual([['country', false]]);
    h.advance(300);
    h.sent[1]!.reject(new Error('500: down'));
    await h.settle();
    expect(h.values.country).toBe('US');
  });

  it('keeps a theme that failed to save for this session', async () => {
    const h = harness();
    h.saver.save('theme', 'dark');
    h.advance(300);
    h.sent[0]!.reject(new Error('500: down'));
    await h.settle();
    expect(h.values.theme).toBe('dark');
    expect(h.failed).toEqual([['theme', false]]);
  });

  it('flush sends waiting changes at once', () => {
    const h = harness();
    h.saver.save('country', 'GB');
    expect(h.saver.hasPending()).toBe(true);
    h.saver.flush();
    expect(h.sent.map((s) => s.update)).toEqual([{ country: 'GB' }]);
    h.advance(1000);
    expect(h.sent).toHaveLength(1);
  });
});
