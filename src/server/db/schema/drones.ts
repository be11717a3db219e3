import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A pilot's drones (doc 2 §3). Exactly one primary per user is a database rule, not only code: the
 * partial unique index refuses a second. A drone deleted while flights reference it is retired
 * (retired_at set): its flights keep it, the list and the drone limit no longer count it. A serial
 * number is unique per user and manufacturer among active drones (index below; the custom migration
 * drones_serial_custom renames older duplicates first, see ADR 0055).
 */
export const drones = pgTable(
  'drones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    uniqueIdentifier: text('unique_identifier').notNull(),
    serialNumber: text('serial_number').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model'),
    customManufacturer: text('custom_manufacturer'),
    customModel: text('custom_model'),
    faaRegistration: text('faa_registration'),
    flightHours: doublePrecision('flight_hours').notNull().default(0),
    assignedPilotId: text('assigned_pilot_id').references(() => users.id, { onDelete: 'set null' }),
    registrationDate: date('registration_date', { mode: 'string' }),
    lastMaintenanceDate: date('last_maintenance_date', { mode: 'string' }),
    notes: text('notes'),
    isPrimary: boolean('is_primary').notNull().default(false),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('drones_one_primary_per_user').on(t.userId).where(sql`${t.isPrimary}`),
    uniqueIndex('drones_user_identifier_unique').on(t.userId, t.uniqueIdentifier).where(sql`${t.retiredAt} is null`),
    // One serial per manufacturer per pilot (issue 16): the same drone registered twice splits its
    // flights and hours. Case and the free-text maker of Other are compared, retired drones are not, nor
    // the import's placeholder 'Unknown' (a log without a serial identifies nothing).
    uniqueIndex('drones_user_maker_serial_unique')
      .on(t.userId, t.manufacturer, sql`lower(coalesce(${t.customManufacturer}, ''))`, sql`lower(${t.serialNumber})`)
      .where(sql`${t.retiredAt} is null and lower(${t.serialNumber}) <> 'unknown'`),
    index('drones_user_idx').on(t.userId),
    check('drones_flight_hours_check', sql`${t.flightHours} >= 0`),
    check('drones_retired_not_primary_check', sql`not (${t.isPrimary} and ${t.retiredAt} is not null)`),
  ],
);
