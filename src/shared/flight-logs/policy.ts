import type { Tier } from '../tiers.ts';

/**
 * Who may import and export flight logs (doc 2 §6), one rule for the server and the logbook page.
 * The spec's import list leaves out enterprise while its upgrade tip names Enterprise: a plan above
 * business_pro gets what business_pro gets, so enterprise may import too.
 */
export const CSV_IMPORT_TIERS: readonly Tier[] = ['pro', 'business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin'];

export const canImportCsv = (tier: Tier): boolean => CSV_IMPORT_TIERS.includes(tier);
/** Any tier other than basic. */
export const canExportCsv = (tier: Tier): boolean => tier !== 'basic';

export const CSV_IMPORT_UPGRADE_TIP = 'Upgrade to Pro, Team, or Enterprise for AI CSV Import';
export const CSV_EXPORT_UPGRADE_TIP = 'Upgrade to Hobbyist or above to export your flight logs to CSV';
