import type { LucideIcon } from 'lucide-react';
import { BookOpen, Building2, CloudSun, CreditCard, Drone, FileText, MapPin } from 'lucide-react';
import { canSeeCompanySetup, canSeeDocuments, canSeePricingLink, type TierPair } from '../../../shared/tiers.ts';

export interface ToolLink {
  to: string;
  label: string;
  icon: LucideIcon;
  testId: string;
  /** Shown only when this holds for the user's tier pair (doc 1 §2, §6). */
  visible?: (pair: TierPair) => boolean;
}

/** The Tools menu of doc 1 §2, in its order. */
export const TOOLS: readonly ToolLink[] = [
  { to: '/drones', label: 'My Drones', icon: Drone, testId: 'tools-drones' },
  { to: '/logbook', label: 'Flight Logbook', icon: BookOpen, testId: 'tools-logbook' },
  { to: '/documents', label: 'Documents', icon: FileText, testId: 'tools-documents', visible: canSeeDocuments },
  { to: '/forecast', label: 'Weather Forecast', icon: CloudSun, testId: 'tools-forecast' },
  // Doc 3 §6: the facilities page needs no role, so every tier has the link.
  { to: '/uas-facilities', label: 'UAS Facilities', icon: MapPin, testId: 'tools-facilities' },
  { to: '/pricing', label: 'Pricing & Upgrade', icon: CreditCard, testId: 'tools-pricing', visible: canSeePricingLink },
  { to: '/profile', label: 'Company Setup', icon: Building2, testId: 'tools-company-setup', visible: canSeeCompanySetup },
];

/**
 * The links a user sees; while the tier is unknown, only the unconditional ones. With payments configured
 * every signed-in user gets the pricing link (ADR 0040).
 */
export const visibleTools = (pair: TierPair | null, paymentsOn = false) =>
  TOOLS.filter((tool) => !tool.visible || (pair !== null && (tool.visible(pair) || (paymentsOn && tool.to === '/pricing'))));
