import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgTable, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FLIGHT_TYPES } from '../../../shared/flight-logs/contract.ts';
import { users } from './auth.ts';
import { drones } from './drones.ts';

/** Binary column: node-postgres and PGlite both hand back a Buffer / Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/**
 * The flight logbook (doc 2 §3). takeoff_time is the UTC time on flight_date when known (imports read
 * it from the log); with the drone and the duration it identifies a flight, so an import never adds
 * one twice. A drone with flights is retired rather than deleted (restrict keeps that honest).
 */
export const flightLogs = pgTable(
  'flight_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    droneId: integer('drone_id')
      .notNull()
      .references(() => drones.id, { onDelete: 'restrict' }),
    flightDate: date('flight_date', { mode: 'string' }).notNull(),
    takeoffTime: time('takeoff_time'),
    flightDuration: integer('flight_duration').notNull(),
    location: text('location'),
    flightType: text('flight_type', { enum: FLIGHT_TYPES }).notNull().default('recreational'),
    conditions: text('conditions'),
    notes: text('notes'),
    source: text('source', { enum: ['manual', 'import'] }).notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flight_logs_user_date_idx').on(t.userId, t.flightDate),
    index('flight_logs_drone_date_idx').on(t.droneId, t.flightDate),
    check('flight_logs_duration_check', sql`${t.flightDuration} >= 1`),
    check('flight_logs_type_check', sql`${t.flightType} in (${inList(FLIGHT_TYPES)})`),
  ],
);

/**
 * An import waiting for the pilot's answer (doc 2 §4). Kept in the database, not in memory, so any app
 * process can continue it; it expires after 30 minutes. It keeps only what the answer needs (ADR 0035):
 * the file for a question about its columns, otherwise the flights read from it; gzip-compressed and
 * bounded in size, at most a few per user (the oldest gives way).
 */
export const flightLogImportSessions = pgTable(
  'flight_log_import_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'file': the CSV as UTF-8; 'extract': the flights read from it, as JSON. */
    kind: text('kind', { enum: ['file', 'extract'] }).notNull().default('file'),
    /** What `kind` says, gzip-compressed. */
    payload: bytea('payload').notNull().default(sql`''::bytea`),
    /** The answers given so far, keyed by question kind. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** The question waiting for an answer. */
    pending: jsonb('pending').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('flight_log_import_sessions_user_idx').on(t.userId), index('flight_log_import_sessions_expires_idx').on(t.expiresAt)],
);
