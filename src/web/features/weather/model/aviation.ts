import { compassPoint } from '../../../../shared/weather/wind.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** Aviation reports keep UTC: "21 Jul 20:53 UTC". */
export function utcTime(epochS: number | null): string {
  if (epochS === null) return '—';
  const d = new Date(epochS * 1000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "1015.3 hPa (29.98 inHg)" */
export const altimeterText = (hPa: number | null) => (hPa === null ? '—' : `${Math.round(hPa * 10) / 10} hPa (${(hPa * 0.0295300).toFixed(2)} inHg)`);

/** "170° (S) at 11 kt, gusts 19 kt"; a calm or variable wind says so. */
export function metarWindText(direction: number | null, speedKt: number | null, gustKt: number | null): string {
  if (speedKt === null) return '—';
  if (speedKt === 0) return 'Calm';
  const from = direction === null ? 'Variable' : `${Math.round(direction)}° (${compassPoint(direction)})`;
  return `${from} at ${speedKt} kt${gustKt === null ? '' : `, gusts ${gustKt} kt`}`;
}

export const FLIGHT_CATEGORIES: Record<string, string> = {
  VFR: 'VFR (visual flight rules)',
  MVFR: 'MVFR (marginal VFR)',
  IFR: 'IFR (instrument flight rules)',
  LIFR: 'LIFR (low IFR)',
};

export const TAF_PERIOD_WORDS: Record<string, string> = {
  BASE: 'Initially',
  FM: 'From',
  BECMG: 'Becoming',
  TEMPO: 'Temporarily',
  PROB: 'Probability',
  INTER: 'Intermittently',
};
