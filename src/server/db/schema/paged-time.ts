import { sql } from 'drizzle-orm';

/**
 * The default of a timestamp that orders a paged list: now, to the millisecond. A page's cursor carries
 * the last row's time as JavaScript has it (milliseconds, lib/paging.ts); PostgreSQL's now() has
 * microseconds, so a row made within the same millisecond as the page's last one but a few microseconds
 * earlier compared as later than the cursor and was skipped (seen once in CI on PostgreSQL, migration 0024).
 */
export const nowToTheMillisecond = sql`date_trunc('milliseconds', now())`;
