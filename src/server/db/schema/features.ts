import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FEATURE_STATUSES } from '../../../shared/features.ts';
import { TIERS } from '../../../shared/tiers.ts';

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/**
 * Developer features (doc 3 §3): the rollout table the server reads on every gated request, so a
 * rollout takes effect at the next request of each user of the named tiers (DESIGN §4 "Feature flags").
 */
export const developerFeatures = pgTable(
  'developer_features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    featureName: text('feature_name').notNull().unique(),
    description: text('description').notNull(),
    rolloutPlan: text('rollout_plan'),
    status: text('status', { enum: FEATURE_STATUSES }).notNull().default('development'),
    enabledForTiers: text('enabled_for_tiers', { enum: TIERS }).array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    productionReadyAt: timestamp('production_ready_at', { withTimezone: true }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
  },
  (t) => [check('developer_features_status_check', sql`${t.status} in (${inList(FEATURE_STATUSES)})`)],
);
