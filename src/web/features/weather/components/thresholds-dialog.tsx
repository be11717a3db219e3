import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { MeasurementSystem } from '../../../../shared/weather/units.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';

// The form and its validation (the contract's thresholds schema) download on the first opening (ADR 0066).
const ThresholdsForm = lazy(() => import('./thresholds-form.tsx').then((m) => ({ default: m.ThresholdsForm })));

/** The pilot's own card-colour thresholds (§2.2, §3; defaults §9), saved to their account. */
export function ThresholdsDialog({ thresholds, system, disabled }: { thresholds: FlightThresholds; system: MeasurementSystem; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <SlidersHorizontal aria-hidden />
          Thresholds
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="thresholds-dialog">
        <DialogHeader>
          <DialogTitle>Your flight thresholds</DialogTitle>
          <DialogDescription>A card turns red when a value passes your threshold, and the hourly timeline judges each hour against them.</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so each opening starts from the saved values. */}
        {open && (
          <Suspense fallback={null}>
            <ThresholdsForm thresholds={thresholds} system={system} onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
