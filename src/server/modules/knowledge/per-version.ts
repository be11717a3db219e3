import type { DbOrTx } from '../../db/client.ts';

/**
 * A value read from the database once per knowledge version (every write to the sections, their words
 * or their vectors bumps it: migrations 0016, 0020, 0022), which the question's first statement already
 * read. Concurrent questions of one version share one read; a failed read is tried again by the next.
 */
export function perKnowledgeVersion<T>(read: (db: DbOrTx) => Promise<T>): (db: DbOrTx, version: string) => Promise<T> {
  let current: { version: string; value: T } | null = null;
  let loading: { version: string; value: Promise<T> } | null = null;
  return async (db, version) => {
    if (current?.version === version) return current.value;
    if (loading?.version === version) return loading.value;
    const mine = { version, value: read(db) };
    loading = mine;
    mine.value.then(
      (value) => {
        current = { version, value };
        if (loading === mine) loading = null;
      },
      () => {
        if (loading === mine) loading = null;
      },
    );
    return mine.value;
  };
}
