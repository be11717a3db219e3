import { describe, expect, it } from 'vitest';
import type { Tier } from '../../../shared/tiers.ts';
import { visibleTools } from './tools.ts';

const labels = (tier: Tier, originalTier: Tier = tier) => visibleTools({ tier, originalTier }).map((t) => t.label);

describe('Tools menu links (doc 1 §2, §6)', () => {
  it('shows only the unconditional links while the tier is unknown', () => {
    expect(visibleTools(null).map((t) => t.label)).toEqual(['My Drones', 'Flight Logbook', 'Weather Forecast', 'UAS Facilities']);
  });

  it('gives a basic user no Documents, Pricing or Company Setup', () => {
    expect(labels('basic')).toEqual(['My Drones', 'Flight Logbook', 'Weather Forecast', 'UAS Facilities']);
  });

  it('gives business users Documents and Company Setup (pointing at /profile) but no Pricing', () => {
    expect(labels('business')).toEqual(['My Drones', 'Flight Logbook', 'Documents', 'Weather Forecast', 'UAS Facilities', 'Company Setup']);
    expect(visibleTools({ tier: 'business_pro', originalTier: 'business_pro' }).find((t) => t.label === 'Company Setup')?.to).toBe('/profile');
  });

  it('counts business by original tier too', () => {
    expect(labels('basic', 'business')).toContain('Documents');
  });

  it('gives Pricing & Upgrade to admins and developers who are not business', () => {
    expect(labels('admin')).toContain('Pricing & Upgrade');
    expect(labels('developer')).toContain('Pricing & Upgrade');
    expect(labels('super_admin')).toContain('Pricing & Upgrade');
    expect(labels('business', 'developer')).not.toContain('Pricing & Upgrade');
    expect(labels('pro')).not.toContain('Pricing & Upgrade');
  });
});

describe('pricing link with payments configured (ADR 0040)', () => {
  it('shows Pricing & Upgrade to every signed-in user, and to nobody signed out', () => {
    expect(visibleTools({ tier: 'basic', originalTier: 'basic' }, true).map((t) => t.to)).toContain('/pricing');
    expect(visibleTools({ tier: 'basic', originalTier: 'basic' }, false).map((t) => t.to)).not.toContain('/pricing');
    expect(visibleTools(null, true).map((t) => t.to)).not.toContain('/pricing');
  });
});
