import { useCallback, useEffect, useRef, useState } from 'react';
import {
  GEOLOCATION_MESSAGES,
  GEOLOCATION_OPTIONS,
  geolocationErrorMessage,
  permissionOf,
  type DevicePosition,
  type LocationPermission,
} from '../model/geolocation.ts';

export type DetectionStatus = 'idle' | 'detecting' | 'success' | 'error';

export interface GeolocationState {
  status: DetectionStatus;
  permission: LocationPermission;
  position: DevicePosition | null;
  /** One of the §8 messages, when the last attempt failed. */
  error: string | null;
  /** Whether the attempt was the automatic one of page load (its result must not override a search). */
  automatic: boolean;
}

/**
 * The browser's position for the forecast (§4: detection runs on page load; §9: high accuracy, 15 s,
 * at most 5 s old). A permission the browser already knows to be denied is not asked again on load;
 * the notice says so and "Use My Location" asks again.
 */
export function useGeolocation(onPosition: (p: DevicePosition, automatic: boolean) => void) {
  const [state, setState] = useState<GeolocationState>({ status: 'idle', permission: 'unknown', position: null, error: null, automatic: true });
  const callback = useRef(onPosition);
  useEffect(() => {
    callback.current = onPosition;
  });
  const attempt = useRef(0);

  const locate = useCallback((automatic: boolean) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState((s) => ({ ...s, status: 'error', error: GEOLOCATION_MESSAGES.unsupported, automatic }));
      return;
    }
    const id = ++attempt.current;
    setState((s) => ({ ...s, status: 'detecting', error: null, automatic }));
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (id !== attempt.current) return;
        const position: DevicePosition = { lat: p.coords.latitude, lon: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null };
        setState((s) => ({ ...s, status: 'success', permission: 'granted', position, error: null }));
        callback.current(position, automatic);
      },
      (e) => {
        if (id !== attempt.current) return;
        setState((s) => ({ ...s, status: 'error', permission: e.code === 1 ? 'denied' : s.permission, error: geolocationErrorMessage(e.code) }));
      },
      GEOLOCATION_OPTIONS,
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    let status: PermissionStatus | null = null;
    const follow = () => {
      if (status) setState((s) => ({ ...s, permission: permissionOf(status!.state) }));
    };
    async function start() {
      const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined;
      if (permissions) {
        try {
          status = await permissions.query({ name: 'geolocation' });
        } catch {
          status = null;
        }
      }
      if (cancelled) return;
      const permission = permissionOf(status?.state ?? null);
      status?.addEventListener('change', follow);
      if (permission === 'denied') {
        setState((s) => ({ ...s, permission, status: 'error', error: GEOLOCATION_MESSAGES.denied, automatic: true }));
        return;
      }
      setState((s) => ({ ...s, permission }));
      locate(true);
    }
    void start();
    return () => {
      cancelled = true;
      status?.removeEventListener('change', follow);
      attempt.current += 1;
    };
  }, [locate]);

  const request = useCallback(() => locate(false), [locate]);
  return { ...state, request };
}
