const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → 'MMM dd, yyyy' (doc 2 §9), read as a calendar date so no time zone shifts the day. */
export function formatFlightDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match;
  return `${MONTHS[Number(m) - 1] ?? m} ${d}, ${y}`;
}

/** 'YYYY-MM' → 'Mar 2024' for the chart's axis. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** The pilot's own calendar date today, the latest a flight may be logged on. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Runs `task` over `items` a batch at a time (doc 2 §9: bulk operations go 5 at a time); reports progress. */
export async function inBatches<T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>, onProgress?: (done: number) => void): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.allSettled(items.slice(i, i + size).map(task))));
    onProgress?.(results.length);
  }
  return results;
}
