import { useId } from 'react';
import { WIND_ALTITUDES_FT, type WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import { formatAltitude, SPEED_UNITS, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';

export interface WindControlsProps {
  system: MeasurementSystem;
  altitudeFt: WindAltitudeFt;
  speedUnit: SpeedUnit;
  onAltitude: (ft: WindAltitudeFt) => void;
  onSpeedUnit: (unit: SpeedUnit) => void;
}

const UNIT_NAMES: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', ms: 'm/s', knots: 'knots' };

/** Altitude (surface, 50-400 ft) and speed unit (§4): they drive the Wind and Gusts cards. */
export function WindControls({ system, altitudeFt, speedUnit, onAltitude, onSpeedUnit }: WindControlsProps) {
  const altitudeId = useId();
  const unitId = useId();
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={altitudeId} className="text-sm font-medium">
          Altitude
        </label>
        <Select value={String(altitudeFt)} onValueChange={(v) => onAltitude(Number(v) as WindAltitudeFt)}>
          <SelectTrigger id={altitudeId} aria-label="Altitude">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {WIND_ALTITUDES_FT.map((ft) => (
              <SelectItem key={ft} value={String(ft)}>
                {formatAltitude(ft, system)}
                {system === 'metric' && ft > 0 ? ` (${ft} ft)` : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={unitId} className="text-sm font-medium">
          Speed unit
        </label>
        <Select value={speedUnit} onValueChange={(v) => onSpeedUnit(v as SpeedUnit)}>
          <SelectTrigger id={unitId} aria-label="Speed unit">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SPEED_UNITS.map((u) => (
              <SelectItem key={u} value={u}>
                {UNIT_NAMES[u]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
