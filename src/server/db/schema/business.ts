import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PILOT_SEATS } from '../../../shared/plans.ts';
import { users } from './auth.ts';

/**
 * A business (doc 2 §3). Its administrator is `administratorUserId` (one profile per administrator);
 * the administrator's user_tiers.business_profile_id points here too, and its pilots' users rows carry
 * is_pilot and administrator_business_id. `pilot_count` and `is_knowledge_base_setup` are kept by
 * triggers (the custom migration business_custom), so no code path can let them drift; the check on
 * pilot_count is the seat limit's last word under any concurrency (ADR 0020).
 */
export const businessProfiles = pgTable(
  'business_profiles',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    administratorUserId: text('administrator_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    adminEmail: text('admin_email').notNull(),
    industry: text('industry'),
    description: text('description'),
    website: text('website'),
    isKnowledgeBaseSetup: boolean('is_knowledge_base_setup').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    pilotCount: integer('pilot_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    purchasedBy: text('purchased_by'),
    notes: text('notes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_profiles_administrator_unique').on(t.administratorUserId),
    check('business_profiles_pilot_count_check', sql`${t.pilotCount} between 0 and ${sql.raw(String(PILOT_SEATS.maxPilots))}`),
  ],
);

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * An e-mail invitation to become a pilot (doc 2 §3). Only the SHA-256 of the token is stored: the link
 * in the e-mail is the only copy of the token. At most one pending invitation per address per business.
 */
export const pilotInvitations = pgTable(
  'pilot_invitations',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    email: text('email').notNull(),
    businessProfileId: text('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    pilotUserId: text('pilot_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pilot_invitations_token_hash_unique').on(t.tokenHash),
    uniqueIndex('pilot_invitations_one_pending').on(t.businessProfileId, t.email).where(sql`${t.status} = 'pending'`),
    index('pilot_invitations_business_idx').on(t.businessProfileId, t.status),
    check('pilot_invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'cancelled')`),
  ],
);
