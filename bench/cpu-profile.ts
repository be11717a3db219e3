/**
 * CPU profiles of a bench server, taken from inside it with V8's sampling profiler (the one behind
 * `node --cpu-prof`), so one route's load is profiled without start-up or the other routes. The server
 * side answers the parent's 'profile-start' / 'profile-stop' messages; the full profile is written as a
 * .cpuprofile file (open it in Chrome DevTools' Performance panel or speedscope for the flame graph)
 * and a short summary of the top self-time functions goes back to the parent.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

export interface SelfTime {
  name: string;
  where: string;
  /** Share of the busy (non-idle) samples. */
  percent: number;
}

export interface ProfileSummary {
  file: string;
  /** Share of all samples in which the thread was busy. */
  busyPercent: number;
  top: SelfTime[];
  /** Self time grouped by package (node_modules/<name>), our code (src/...) and V8/Node internals. */
  byArea: SelfTime[];
}

const root = fileURLToPath(new URL('..', import.meta.url));
const IDLE = new Set(['(idle)', '(root)']);

function shortPlace(url: string): string {
  if (!url) return '(native)';
  const path = url.startsWith('file://') ? relative(root, fileURLToPath(url)) : url;
  return path;
}

function areaOf(url: string, name: string): string {
  if (name.startsWith('(')) return name;
  const path = shortPlace(url);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  if (path.startsWith('src/') || path.startsWith('bench/')) return path.split('/').slice(0, 4).join('/');
  if (path.startsWith('node:')) return 'node internals';
  return path === '(native)' ? 'V8 builtins (native)' : path;
}

export function summarise(profile: Profile, file: string, topN = 5): ProfileSummary {
  const selfByFn = new Map<string, { name: string; where: string; hits: number }>();
  const selfByArea = new Map<string, number>();
  let total = 0;
  let busy = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    if (IDLE.has(functionName) || hits === 0) continue;
    busy += hits;
    const name = functionName || '(anonymous)';
    const where = url ? `${shortPlace(url)}:${lineNumber + 1}` : '';
    const key = `${name}@${where}`;
    const entry = selfByFn.get(key) ?? { name, where, hits: 0 };
    entry.hits += hits;
    selfByFn.set(key, entry);
    const area = areaOf(url, functionName);
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + hits);
  }
  const pct = (hits: number) => (busy === 0 ? 0 : (100 * hits) / busy);
  const top = [...selfByFn.values()].sort((a, b) => b.hits - a.hits).slice(0, topN).map((e) => ({ name: e.name, where: e.where, percent: pct(e.hits) }));
  const byArea = [...selfByArea].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, hits]) => ({ name, where: '', percent: pct(hits) }));
  return { file, busyPercent: total === 0 ? 0 : (100 * busy) / total, top, byArea };
}

/** In a bench server: answers the parent's profile requests. */
export function answerProfileRequests(label: string) {
  const session = new Session();
  session.connect();
  process.on('message', (message: { profile?: 'start' | 'stop'; file?: string }) => {
    void (async () => {
      if (message.profile === 'start') {
        await session.post('Profiler.enable');
        // 250 µs: fine enough for a request of a few hundred microseconds, cheap enough not to skew it.
        await session.post('Profiler.setSamplingInterval', { interval: 250 });
        await session.post('Profiler.start');
        process.send?.({ profile: 'started' });
      } else if (message.profile === 'stop' && message.file) {
        const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
        writeFileSync(message.file, JSON.stringify(profile));
        process.send?.({ profile: 'stopped', summary: summarise(profile, message.file), label });
      }
    })();
  });
}

/** In the parent: starts profiling the child, runs `work`, stops, and returns the summary. */
export async function profileChild(child: ChildProcess, file: string, work: () => Promise<void>): Promise<ProfileSummary> {
  const reply = (what: string) =>
    new Promise<{ summary?: ProfileSummary }>((resolve) => {
      const on = (message: { profile?: string; summary?: ProfileSummary }) => {
        if (message.profile !== what) return;
        child.off('message', on);
        resolve(message);
      };
      child.on('message', on);
    });
  const started = reply('started');
  child.send({ profile: 'start' });
  await started;
  await work();
  const stopped = reply('stopped');
  child.send({ profile: 'stop', file });
  const { summary } = await stopped;
  if (!summary) throw new Error('the bench server sent no profile summary');
  return summary;
}

export function printSummary(title: string, s: ProfileSummary) {
  console.log(`${title}: thread busy ${s.busyPercent.toFixed(0)}% of the run; profile ${s.file}`);
  console.log('  top self time (share of busy time):');
  for (const f of s.top) console.log(`    ${f.percent.toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`);
  console.log('  by area: ' + s.byArea.map((a) => `${a.name} ${a.percent.toFixed(0)}%`).join(', '));
}
