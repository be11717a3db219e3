import { FACILITY_MESSAGES } from '../../../../shared/facilities.ts';

/** Doc 3 §8: 'Unable to get your location. ' plus the reason of the browser's error code. */
export function facilityGeolocationMessage(code: number): string {
  const reason =
    code === 1 ? FACILITY_MESSAGES.geolocationDenied : code === 2 ? FACILITY_MESSAGES.geolocationUnavailable : code === 3 ? FACILITY_MESSAGES.geolocationTimeout : FACILITY_MESSAGES.geolocationUnknown;
  return `${FACILITY_MESSAGES.geolocationPrefix}${reason}`;
}
