import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast } from './use-toast.ts';

describe('toast store (doc 1 §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismissToast();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('keeps only the newest toast: one at a time', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'More', variant: 'destructive' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', description: 'More', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast, then removes it', () => {
    const { id } = toast({ title: 'Saved' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(1000);
    expect(getToasts()).toHaveLength(0);
  });

  it('updates a toast in place', () => {
    const handle = toast({ title: 'Uploading' });
    handle.update({ title: 'Uploaded' });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id: handle.id, title: 'Uploaded' });
  });
});
