/**
 * NOAA SWPC planetary K-index in every shape it has been published in:
 * - products/noaa-planetary-k-index.json, old form: an array of arrays, a header row first
 *   (["time_tag","Kp","a_running","station_count"]) and every value a string;
 * - the same product since 2026: an array of objects {time_tag, Kp, a_running, station_count};
 * - json/planetary_k_index_1m.json: objects {time_tag, kp_index, estimated_kp, kp}.
 * The latest row with a readable Kp wins. Rows that do not read are skipped; no row at all is an error.
 */
export interface KpReading {
  kp: number;
  /** epoch seconds of the reading; null when its time tag did not read */
  time: number | null;
}

const asNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 9 ? n : null;
};

/** SWPC time tags are UTC without a zone: "2026-02-02 00:00:00.000" or "2026-07-09T04:03:00". */
export function parseTimeTag(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const iso = v.trim().replace(' ', 'T');
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

function fromObject(row: Record<string, unknown>): KpReading | null {
  const kp = asNumber(row.Kp) ?? asNumber(row.kp) ?? asNumber(row.estimated_kp) ?? asNumber(row.kp_index);
  return kp === null ? null : { kp, time: parseTimeTag(row.time_tag) };
}

export function latestKp(body: unknown): KpReading | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  const readings: KpReading[] = [];
  const [first] = body as unknown[];
  if (Array.isArray(first)) {
    const header = first.map((h) => String(h).toLowerCase());
    const kpAt = header.indexOf('kp');
    const timeAt = header.indexOf('time_tag');
    if (kpAt === -1) return null;
    for (const row of body.slice(1)) {
      if (!Array.isArray(row)) continue;
      const kp = asNumber(row[kpAt]);
      if (kp !== null) readings.push({ kp, time: timeAt === -1 ? null : parseTimeTag(row[timeAt]) });
    }
  } else {
    for (const row of body) {
      if (row && typeof row === 'object' && !Array.isArray(row)) {
        const r = fromObject(row as Record<string, unknown>);
        if (r) readings.push(r);
      }
    }
  }
  return readings.at(-1) ?? null;
}
