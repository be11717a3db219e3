import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assistantConversations, dailyQueries, flightLogs, queries } from '../../db/schema/index.ts';
import type { DroneContext, FlightLogContext, QueryContext } from '../../../shared/assistant.ts';

/** Any fixed number: the class of the per-user advisory lock that serialises allowance checks. */
const ALLOWANCE_LOCK_CLASS = 727_003;

/** Holds the user's allowance lock until the transaction ends, so concurrent queries count one by one. */
export async function lockAllowance(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOWANCE_LOCK_CLASS}, hashtext(${userId}))`);
}

/** Adds `delta` (1 to count a query, -1 to give it back) to the user's row for `day`. */
export async function addToDay(db: DbOrTx, userId: string, day: string, delta: number): Promise<void> {
  await db
    .insert(dailyQueries)
    .values({ userId, date: day, count: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [dailyQueries.userId, dailyQueries.date],
      set: { count: sql`greatest(${dailyQueries.count} + ${delta}, 0)` },
    });
}

/**
 * Stores the answered query and, for a plan with no limit (`countDay` set), counts it against that day
 * in the same statement: one round trip and one commit (ADR 0018). A limited plan counted it before
 * answering, under its lock.
 */
export async function finishQuestion(
  db: DbOrTx,
  row: { userId: string; question: string; answer: string; context: QueryContext; modelUsed: string },
  countDay: string | null,
): Promise<void> {
  await db.execute(sql`
    /* question: finish */
    with counted as (
      -- A data-modifying CTE runs to completion whether or not the statement reads it.
      insert into daily_queries (user_id, date, count)
      select ${row.userId}::text, ${countDay}::date, 1 where ${countDay !== null}::boolean
      on conflict (user_id, date) do update set count = daily_queries.count + 1
      returning 1
    )
    insert into queries (user_id, question, answer, context, model_used)
    values (${row.userId}, ${row.question}, ${row.answer}, ${JSON.stringify(row.context)}::jsonb, ${row.modelUsed})
  `);
}

/** The user's latest query records, newest first. */
export async function listQueries(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: queries.id, question: queries.question, answer: queries.answer, timestamp: queries.timestamp, context: queries.context })
    .from(queries)
    .where(eq(queries.userId, userId))
    .orderBy(desc(queries.timestamp))
    .limit(limit);
}

export async function markReset(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(assistantConversations)
    .values({ userId, resetAt: at })
    .onConflictDoUpdate({ target: assistantConversations.userId, set: { resetAt: at } });
}

export async function flightLogTotals(db: DbOrTx, userId: string): Promise<FlightLogContext> {
  const [row] = await db
    .select({
      flights: sql<string | number>`count(*)`,
      minutes: sql<string | number | null>`coalesce(sum(${flightLogs.flightDuration}), 0)`,
      last: sql<string | null>`max(${flightLogs.flightDate})::text`,
    })
    .from(flightLogs)
    .where(eq(flightLogs.userId, userId));
  return {
    totalFlights: Number(row?.flights ?? 0),
    totalFlightHours: Math.round((Number(row?.minutes ?? 0) / 60) * 10) / 10,
    lastFlightDate: row?.last ?? null,
  };
}

export interface QuestionStart {
  resetAt: Date | null;
  /** The user's latest query records, newest first: only what finds the conversation's start. */
  recent: { question: string; isNewConversation: boolean; timestamp: Date }[];
  primary: DroneContext | null;
  /** Bumped by every write to the knowledge base (migration 0016): the key of the retrieval cache. */
  knowledgeVersion: string;
}

/**
 * Everything a question needs before it is answered, in one round trip of reads (ADR 0018): the
 * conversation's start and recent questions, the primary drone and the knowledge base's version.
 */
export async function startQuestion(db: DbOrTx, userId: string, recentLimit: number): Promise<QuestionStart> {
  const result = await db.execute<{
    resetAt: string | Date | null;
    recent: { question: string; isNewConversation: boolean; timestamp: string }[];
    primary: DroneContext | null;
    knowledgeVersion: string | number | null;
  }>(sql`
    /* question: start */
    select
      (select reset_at from assistant_conversations where user_id = ${userId}) as "resetAt",
      (
        select coalesce(json_agg(json_build_object('question', q.question, 'isNewConversation', q.is_new, 'timestamp', q.timestamp) order by q.timestamp desc), '[]'::json)
        from (
          select question, coalesce((context->>'isNewConversation')::boolean, false) as is_new, timestamp
          from queries where user_id = ${userId} order by timestamp desc limit ${recentLimit}
        ) q
      ) as recent,
      (
        select json_build_object('manufacturer', d.manufacturer, 'model', d.model, 'customManufacturer', d.custom_manufacturer, 'customModel', d.custom_model)
        from drones d where d.user_id = ${userId} and d.is_primary and d.retired_at is null limit 1
      ) as "primary",
      (select version from knowledge_version where id = 1) as "knowledgeVersion"
  `);
  const row = result.rows[0];
  if (!row) throw new Error('startQuestion returned no row');
  return {
    resetAt: row.resetAt === null ? null : new Date(row.resetAt),
    recent: row.recent.map((q) => ({ question: q.question, isNewConversation: q.isNewConversation, timestamp: new Date(q.timestamp) })),
    primary: row.primary,
    knowledgeVersion: String(row.knowledgeVersion ?? 0),
  };
}
