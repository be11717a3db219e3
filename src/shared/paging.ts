import { z } from 'zod';

/**
 * One paging shape for every list that can grow without bound (DESIGN §4 "Lists that grow"): the query
 * takes an opaque `cursor` and a bounded `limit`; the answer keeps the list under its spec name and adds
 * `nextCursor` (null on the last page). Keyset paging, so a page costs the same at row 10 and row 200,000.
 */
export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 200;
/** A cursor is a few values base64url-encoded; anything longer is not one of ours. */
export const CURSOR_MAX_LENGTH = 512;

export const pageQuerySchema = z.object({
  cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const nextCursorSchema = z.string().max(CURSOR_MAX_LENGTH).nullable();

/** `{ <list>: T[] }` → `{ <list>: T[], nextCursor }`: the spec's list shape, with the page's continuation. */
export function paged<S extends z.ZodRawShape>(listShape: z.ZodObject<S>) {
  return listShape.extend({ nextCursor: nextCursorSchema });
}
