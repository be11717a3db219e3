import { GEOLOCATION_ACCURACY_WARNING_M } from '../../../../shared/weather/constants.ts';
import type { DevicePosition } from '../model/geolocation.ts';
import { coordinatesText } from '../model/geolocation.ts';
import type { GeolocationState } from '../hooks/use-geolocation.ts';
import { Notice } from './notice.tsx';

/** The detecting and location-error notices and the "Using your current location" banner (§2.2). */
export function LocationNotices({ geo, devicePosition }: { geo: GeolocationState; devicePosition: DevicePosition | null }) {
  return (
    <>
      {geo.status === 'detecting' && <Notice testId="location-detecting">Detecting your location…</Notice>}
      {geo.status === 'error' && geo.error && (
        <Notice tone="warning" testId="location-error">
          {geo.error}
        </Notice>
      )}
      {devicePosition && (
        <Notice testId="current-location-banner">
          <p className="font-semibold">Using your current location</p>
          <p>
            {coordinatesText(devicePosition)}
            {devicePosition.accuracy !== null ? ` (accurate to about ${Math.round(devicePosition.accuracy)} m)` : ''}
          </p>
          {devicePosition.accuracy !== null && devicePosition.accuracy > GEOLOCATION_ACCURACY_WARNING_M && (
            <p className="mt-1 font-medium">Your position is not precise (more than {GEOLOCATION_ACCURACY_WARNING_M} m): the forecast may be for a spot nearby.</p>
          )}
        </Notice>
      )}
    </>
  );
}
