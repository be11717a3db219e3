import { useEffect, useState } from 'react';
import { TriangleAlert, X } from 'lucide-react';
import { BANNER_AUTO_HIDE_MS } from '../../../../shared/constants.ts';
import { hideBannerForever, isBannerHidden } from '../banner-storage.ts';

/** "OPEN BETA - EXPECT BUGS" (doc 1 §2): 8 seconds or until closed; closed means never again. */
export function BetaBanner() {
  const [visible, setVisible] = useState(() => !isBannerHidden());

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), BANNER_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div role="region" aria-label="Beta notice" data-testid="beta-banner" className="bg-banner text-banner-foreground">
      <div className="relative mx-auto flex max-w-6xl items-center justify-center gap-2 px-12 py-1.5 text-xs font-semibold tracking-wider sm:text-sm">
        <TriangleAlert className="size-4 shrink-0" aria-hidden />
        <span>OPEN BETA - EXPECT BUGS</span>
        <button
          type="button"
          aria-label="Dismiss beta notice"
          data-testid="beta-banner-close"
          className="absolute right-2 rounded-md p-1 opacity-80 hover:bg-white/15 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-banner-foreground"
          onClick={() => {
            hideBannerForever();
            setVisible(false);
          }}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
