import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { utcDay } from '../../../shared/periods.ts';
import * as repo from './repo.ts';
import type { ErrorLogEntry } from './repo.ts';

const MAX_MESSAGE = 1000;
const MAX_ENDPOINT = 500;
const MAX_STACK = 8000;

/**
 * The records staff need (issue 2): error logs for every response >= 400 and user activity. Writes
 * happen in onResponse (after the reply has gone) and a failure is only logged: a record never breaks a request.
 */
export function createRecordsService(db: Db, log: FastifyBaseLogger) {
  /** Users whose api_use row for the day this process already wrote; the unique index guards the rest. */
  const seenToday = new Set<string>();
  let seenDay = utcDay(new Date());

  const swallow = (what: string) => (err: unknown) => log.warn({ err }, `could not record ${what}`);

  return {
    logError(entry: ErrorLogEntry): Promise<void> {
      // The query string may carry tokens (magic links, OAuth codes): only the path is kept.
      const endpoint = entry.endpoint.split('?')[0]!.slice(0, MAX_ENDPOINT);
      return repo
        .insertErrorLog(db, {
          ...entry,
          endpoint,
          errorMessage: entry.errorMessage.slice(0, MAX_MESSAGE),
          errorStack: entry.errorStack?.slice(0, MAX_STACK) ?? null,
        })
        .catch(swallow('error log'));
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
