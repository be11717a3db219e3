import { cn } from '../../../lib/utils.ts';
import { markerSvg } from '../model/icons.ts';

const ITEMS = [
  { type: 'airport', label: 'Airport' },
  { type: 'heliport', label: 'Facility' },
] as const;

/** Legend (doc 3 §2.3): Airport red, Facility orange, Restricted line; plus the rule circles this map draws. */
export function MapLegend({ className }: { className?: string }) {
  return (
    <div className={cn('gap-x-3 gap-y-1 rounded-md border bg-card/95 px-2.5 py-2 text-xs shadow-sm', className)} data-testid="map-legend" aria-label="Legend" role="group">
      {ITEMS.map((i) => (
        <span key={i.type} className="flex items-center gap-1.5">
          <span className="size-4" aria-hidden dangerouslySetInnerHTML={{ __html: markerSvg(i.type) }} />
          {i.label}
        </span>
      ))}
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="h-0.5 w-4 bg-violet-600" />
        Restricted
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-full border-2 border-red-600" />
        No-fly zone (5 nm)
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-full border-2 border-orange-600" />
        Controlled (5 mi)
      </span>
    </div>
  );
}
