import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';
import { FACILITY_MESSAGES, type Facility } from '../../../../shared/facilities.ts';
import { FacilityBadges } from './facility-badges.tsx';

/** Side list 'Facilities (N)' (doc 3 §2.3): scrolls within a maximum height; each row selects its facility. */
export function FacilityList({ facilities, selectedId, onSelect }: { facilities: Facility[]; selectedId: number | null; onSelect: (f: Facility) => void }) {
  return (
    <Card data-testid="facility-list">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-lg">
          Facilities ({facilities.length})
        </CardTitle>
      </CardHeader>
      <CardContent className="px-3">
        {facilities.length === 0 ? (
          <p className="px-3 pb-2 text-sm text-muted-foreground" data-testid="facility-list-empty">
            {FACILITY_MESSAGES.emptyList}
          </p>
        ) : (
          <ul className="grid max-h-[28rem] gap-1 overflow-y-auto pr-1" aria-label="Facilities in view">
            {facilities.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => onSelect(f)}
                  aria-current={f.id === selectedId ? 'true' : undefined}
                  data-testid={`facility-row-${f.identifier}`}
                  className={cn(
                    'grid w-full gap-1 rounded-md border border-transparent px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    f.id === selectedId && 'border-primary bg-accent',
                  )}
                >
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{f.name}</span>
                    <span className="shrink-0 font-mono text-xs text-muted-foreground">{f.identifier}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {[f.city, f.state].filter(Boolean).join(', ') || 'Location not listed'} · {f.latitude.toFixed(4)}, {f.longitude.toFixed(4)}
                    {f.distanceMiles !== null && ` · ${f.distanceMiles.toFixed(1)} mi`}
                  </span>
                  <FacilityBadges facility={f} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
