import { Badge } from '../../../components/ui/badge.tsx';
import type { Facility } from '../../../../shared/facilities.ts';
import { TYPE_COLOUR, TYPE_LABEL } from '../model/icons.ts';

const ZONE_LABEL: Record<Facility['droneFlightZone'], string> = {
  prohibited: 'No-Fly Zone',
  restricted: 'Special Use',
  authorization: 'LAANC Required',
  enhanced_warning: 'Uncontrolled',
};

/** The type badge and restriction badges of a facility (doc 3 §2.3). */
export function FacilityBadges({ facility: f }: { facility: Facility }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant="outline" className="gap-1.5">
        <span aria-hidden className="inline-block size-2 rounded-full" style={{ background: TYPE_COLOUR[f.type] }} />
        {TYPE_LABEL[f.type]}
      </Badge>
      {f.closed && (
        <Badge variant="secondary" data-testid="closed-badge">
          Closed
        </Badge>
      )}
      {f.droneFlightZone === 'prohibited' && <Badge variant="destructive">{ZONE_LABEL.prohibited}</Badge>}
      {f.droneFlightZone === 'restricted' && <Badge variant="destructive">{ZONE_LABEL.restricted}</Badge>}
      {f.laancRequired && <Badge variant="warning">LAANC Required</Badge>}
      {f.restrictions
        .filter((r) => !/^Operated by /.test(r))
        .map((r) => (
          <Badge key={r} variant="secondary">
            {r}
          </Badge>
        ))}
    </div>
  );
}

export { ZONE_LABEL };
