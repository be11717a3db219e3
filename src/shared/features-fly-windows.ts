import { z } from 'zod';
import type { FlyStatus } from './weather/fly-windows.ts';

/**
 * The capability behind the 'fly-windows-48h' flag: every stretch of hours one may fly in the 48-hour
 * timeline (not only the next good one the forecast names), each marked 'fly' when every hour is
 * flyable or 'caution' when any hour of it asks for care. Pure, so the server and its tests share it.
 */
export interface FlyWindowSpan {
  /** epoch seconds of the first hour */
  start: number;
  /** epoch seconds when the last hour ends */
  end: number;
  hours: number;
  status: 'fly' | 'caution';
}

export function flyWindowSpans(hourly: readonly { time: number; status: FlyStatus }[]): FlyWindowSpan[] {
  const spans: FlyWindowSpan[] = [];
  let open: FlyWindowSpan | null = null;
  for (const h of hourly) {
    if (h.status === 'no-fly') {
      open = null;
      continue;
    }
    if (open && open.end === h.time) {
      open.end = h.time + 3600;
      open.hours += 1;
      if (h.status === 'caution') open.status = 'caution';
    } else {
      open = { start: h.time, end: h.time + 3600, hours: 1, status: h.status };
      spans.push(open);
    }
  }
  return spans;
}

export const flyWindowsQuerySchema = z.object({ location: z.string('location is required').trim().min(1, 'location is required').max(200) });
export const flyWindowsResponseSchema = z.object({
  location: z.string().max(300),
  utcOffsetSeconds: z.number().int(),
  windows: z.array(z.object({ start: z.number(), end: z.number(), hours: z.number().int(), status: z.enum(['fly', 'caution']) })).max(48),
});
export type FlyWindows = z.infer<typeof flyWindowsResponseSchema>;
