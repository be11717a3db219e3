/** Times at the forecast location: epoch seconds shifted by the location's UTC offset (from the forecast). */

const shifted = (epochS: number, utcOffsetS: number) => new Date((epochS + utcOffsetS) * 1000);
const pad = (n: number) => String(n).padStart(2, '0');

/** "14:00" at the location. */
export function localClock(epochS: number, utcOffsetS: number): string {
  const d = shifted(epochS, utcOffsetS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Days between two instants' local calendar dates (0 same day, 1 next day …). */
export function localDayDiff(fromS: number, toS: number, utcOffsetS: number): number {
  const day = (s: number) => Math.floor((s + utcOffsetS) / 86_400);
  return day(toS) - day(fromS);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "14:00", "tomorrow 06:00" or "Thu 06:00", relative to `nowS`, at the location. */
export function localWhen(epochS: number, nowS: number, utcOffsetS: number): string {
  const clock = localClock(epochS, utcOffsetS);
  const diff = localDayDiff(nowS, epochS, utcOffsetS);
  if (diff <= 0) return clock;
  if (diff === 1) return `tomorrow ${clock}`;
  return `${WEEKDAYS[shifted(epochS, utcOffsetS).getUTCDay()]} ${clock}`;
}
