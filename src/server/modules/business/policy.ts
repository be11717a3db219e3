import { createHash, randomBytes } from 'node:crypto';
import type { Tier } from '../../../shared/tiers.ts';

export interface BusinessCaller {
  id: string;
  email: string;
  tier: Tier;
  originalTier: Tier;
  isPilot: boolean;
  administratorBusinessId: string | null;
}

const BUSINESS_TIERS: readonly Tier[] = ['business', 'business_pro'];

/**
 * Doc 1 §6 / doc 2 §6: a business administrator is a business-tier user who is not a pilot. Their own
 * stored tier decides; a pilot's borrowed `business` tier never makes them an administrator.
 */
export const isBusinessAdministrator = (c: BusinessCaller) => !c.isPilot && BUSINESS_TIERS.includes(c.originalTier);

/** A pilot currently seated in a business. */
export const pilotBusinessOf = (c: BusinessCaller): string | null => (c.isPilot ? c.administratorBusinessId : null);

/** 32 random bytes: unguessable; the link carries it, the database only its SHA-256. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');
export const hashInvitationToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const invitationExpiry = (now: Date, days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);

export const acceptInvitationUrl = (publicUrl: string, token: string) => `${publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
