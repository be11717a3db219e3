import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isConnectionError } from '../../db/faults.ts';
import { utcDay } from '../../../shared/periods.ts';
import * as repo from './repo.ts';
import type { ErrorLogEntry } from './repo.ts';

const MAX_MESSAGE = 1000;
const MAX_ENDPOINT = 500;
const MAX_STACK = 8000;
/**
 * Distinct anonymous senders whose client errors get their own row in one minute, per process; past it
 * they share one row per route and status. Keeps a flood from many addresses to a bounded number of rows.
 */
export const ANONYMOUS_SENDERS_PER_MINUTE = 100;

/** Tries of one error-log write that meets connections the server cut (see logError). */
export const ERROR_LOG_ATTEMPTS = 4;

export interface ErrorContext {
  /** The route's pattern (`/api/drones/:id`), or null for a path nothing serves. */
  route: string | null;
}

/**
 * Server errors (5xx) are bugs: each gets its row. Client errors (4xx) are mostly noise from one sender
 * repeating itself, and signed out anyone can send them by the thousand: one row per minute, sender,
 * method, route pattern and status counts the repeats (issue 8). The number of rows a minute is thus
 * bounded by routes × statuses × senders, and anonymous senders are bounded too.
 */
function aggregateKeyOf(entry: ErrorLogEntry, context: ErrorContext, minute: string, sender: string): string | null {
  if (entry.statusCode >= 500) return null;
  return [minute, entry.statusCode, entry.method, context.route ?? '*', sender].join('|');
}

/**
 * The records staff need (issue 2): error logs for every response >= 400 and user activity. Writes
 * happen in onResponse (after the reply has gone) and a failure is only logged: a record never breaks a request.
 */
export function createRecordsService(db: Db, log: FastifyBaseLogger) {
  /** Users whose api_use row for the day this process already wrote; the unique index guards the rest. */
  const seenToday = new Set<string>();
  let seenDay = utcDay(new Date());

  const swallow = (what: string) => (err: unknown) => log.warn({ err: { message: err instanceof Error ? err.message.split('\n')[0] : String(err) } }, `could not record ${what}`);
  let anonymousMinute = '';
  const anonymousSenders = new Set<string>();

  /** The sender part of the key: the user, or the address while this minute's budget of addresses lasts. */
  function senderOf(entry: ErrorLogEntry, minute: string): string {
    if (entry.userId) return `user:${entry.userId}`;
    if (minute !== anonymousMinute) {
      anonymousMinute = minute;
      anonymousSenders.clear();
    }
    const ip = entry.ipAddress ?? '?';
    if (anonymousSenders.has(ip)) return `ip:${ip}`;
    if (anonymousSenders.size >= ANONYMOUS_SENDERS_PER_MINUTE) return 'ip:*';
    anonymousSenders.add(ip);
    return `ip:${ip}`;
  }

  return {
    logError(entry: ErrorLogEntry, context: ErrorContext = { route: null }): Promise<void> {
      // The query string may carry tokens (magic links, OAuth codes): only the path is kept.
      const endpoint = entry.endpoint.split('?')[0]!.slice(0, MAX_ENDPOINT);
      const row = {
        ...entry,
        endpoint,
        errorMessage: entry.errorMessage.slice(0, MAX_MESSAGE),
        errorStack: entry.errorStack?.slice(0, MAX_STACK) ?? null,
      };
      const minute = new Date().toISOString().slice(0, 16);
      const key = aggregateKeyOf(row, context, minute, senderOf(row, minute));
      const attempt = () => (key === null ? repo.insertErrorLog(db, row) : repo.upsertAggregatedErrorLog(db, row, key));
      // The error being logged is often a lost connection, and the pool may still hand out other
      // connections the same server cut (it learns of each one a moment later, and drops it when it
      // fails): a few retries reach a fresh one. One was not always enough with several idle ones cut
      // (a CI run on a loaded machine lost the row).
      const write = (left: number): Promise<void> =>
        attempt().catch((error: unknown) => {
          if (left > 1 && isConnectionError(error)) return write(left - 1);
          throw error;
        });
      return write(ERROR_LOG_ATTEMPTS).catch(swallow('error log'));
    },

    recordSignIn(userId: string): Promise<void> {
      return repo.insertActivity(db, userId, 'sign_in', null).catch(swallow('sign-in'));
    },

    recordApiUse(userId: string): Promise<void> {
      const today = utcDay(new Date());
      if (today !== seenDay) {
        seenToday.clear();
        seenDay = today;
      }
      if (seenToday.has(userId)) return Promise.resolve();
      seenToday.add(userId);
      return repo.insertActivity(db, userId, 'api_use', null).catch(swallow('api use'));
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
