import { lazy, Suspense, useState } from 'react';
import { needsCompanySetup } from '../../../../shared/business.ts';
import { useTierAccess } from '../../auth/index.ts';
import { useBusinessProfile } from '../hooks/use-business-profile.ts';
import { companyValuesOf } from './company-fields.tsx';

// The dialog (its form, the contract's schema) downloads only for the administrator it opens for, not with
// every visit to home (ADR 0066).
const SetupDialog = lazy(() => import('./business-setup-dialog.tsx').then((m) => ({ default: m.SetupDialog })));

/**
 * The two-step business setup modal on home (doc 2 §2, §4): opens by itself for a business or
 * business_pro administrator whose profile has no company name or a placeholder one. Step 1 the
 * company, step 2 the team (each address is invited by e-mail). Skip for Now closes it until the next
 * visit to home.
 */
export function BusinessSetupModal() {
  const { tierInfo } = useTierAccess();
  const profile = useBusinessProfile();
  const [dismissed, setDismissed] = useState(false);
  const wanted =
    profile.business && tierInfo !== null && !tierInfo.isPilot && profile.data !== undefined && profile.data.isAdministrator && needsCompanySetup(profile.data.companyName);
  if (!wanted || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <SetupDialog initial={companyValuesOf(profile.data)} pilotCount={profile.data.pilotCount} onClose={() => setDismissed(true)} />
    </Suspense>
  );
}

