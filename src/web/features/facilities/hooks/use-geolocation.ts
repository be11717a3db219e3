import { useCallback, useState } from 'react';
import { FACILITY_CONSTANTS, FACILITY_MESSAGES } from '../../../../shared/facilities.ts';
import { facilityGeolocationMessage } from '../model/geolocation.ts';

export interface Position {
  lat: number;
  lon: number;
  accuracy: number;
}

export interface GeolocationState {
  status: 'idle' | 'locating' | 'located' | 'error';
  position: Position | null;
  error: string | null;
}

/** The browser position for the facilities map (doc 3 §7: high accuracy, 10 s timeout, 5-minute cache). */
export function useFacilityGeolocation(onLocated: (p: Position) => void) {
  const [state, setState] = useState<GeolocationState>({ status: 'idle', position: null, error: null });

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState((s) => ({ ...s, status: 'error', error: FACILITY_MESSAGES.geolocationUnsupported }));
      return;
    }
    setState((s) => ({ ...s, status: 'locating', error: null }));
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const position = { lat: p.coords.latitude, lon: p.coords.longitude, accuracy: p.coords.accuracy };
        setState({ status: 'located', position, error: null });
        onLocated(position);
      },
      (e) => setState((s) => ({ ...s, status: 'error', error: facilityGeolocationMessage(e.code) })),
      { enableHighAccuracy: true, timeout: FACILITY_CONSTANTS.geolocationTimeoutMs, maximumAge: FACILITY_CONSTANTS.geolocationMaxAgeMs },
    );
  }, [onLocated]);

  const forget = useCallback(() => setState({ status: 'idle', position: null, error: null }), []);
  return { ...state, locate, forget };
}
