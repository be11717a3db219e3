import type { MeasurementSystem } from '../../../../shared/weather/units.ts';
import { cn } from '../../../lib/utils.ts';

const OPTIONS: [MeasurementSystem, string][] = [
  ['imperial', 'Imperial'],
  ['metric', 'Metric'],
];

/** Imperial (°F, mph, miles) or metric (°C, km/h, km): the account's measurementSystem preference. */
export function UnitsToggle({ value, onChange, disabled }: { value: MeasurementSystem; onChange: (s: MeasurementSystem) => void; disabled: boolean }) {
  return (
    <div role="group" aria-label="Units" className="inline-flex rounded-md border bg-background p-0.5" data-testid="units-toggle">
      {OPTIONS.map(([system, label]) => (
        <button
          key={system}
          type="button"
          aria-pressed={value === system}
          disabled={disabled}
          onClick={() => onChange(system)}
          className={cn(
            'rounded-[5px] px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
            value === system ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
