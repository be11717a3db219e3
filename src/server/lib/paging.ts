import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CURSOR_MAX_LENGTH, type PageQuery } from '../../shared/paging.ts';
import { AppError } from '../errors.ts';

/** The values of the sort key of the last row of a page (e.g. [createdAt, id]). */
export type CursorValues = (string | number | null)[];

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

const invalidCursor = () => new AppError(400, 'VALIDATION', 'cursor: is not a cursor this list gave out');

/** The cursor's values, checked against the number of sort columns; a forged or stale cursor answers 400. */
export function decodeCursor(cursor: string, arity: number): CursorValues {
  if (cursor.length > CURSOR_MAX_LENGTH) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== arity) throw invalidCursor();
  for (const v of parsed) if (v !== null && typeof v !== 'string' && typeof v !== 'number') throw invalidCursor();
  return parsed as CursorValues;
}

/**
 * `(a, b) < ($1, $2)` for a list sorted descending on (a, b), or `>` ascending: the rows after the
 * cursor. Every column of the key must be not null and the last one unique (an id).
 */
export function afterCursor(columns: SQLWrapper[], values: CursorValues, direction: 'asc' | 'desc' = 'desc'): SQL {
  const cols = sql.join(columns.map((c) => sql`${c}`), sql`, `);
  const vals = sql.join(values.map((v) => sql`${v}`), sql`, `);
  return direction === 'desc' ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
}

/**
 * Fetch `limit + 1` rows, hand back `limit` and the cursor of the last one when there were more.
 * `keyOf` gives the sort-key values of a row in the same order as the columns of `afterCursor`.
 */
export function pageOf<T>(rows: T[], page: Pick<PageQuery, 'limit'>, keyOf: (row: T) => CursorValues): { items: T[]; nextCursor: string | null } {
  if (rows.length <= page.limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: last === undefined ? null : encodeCursor(keyOf(last)) };
}
