/**
 * How OFF_DOMAIN_MARGIN of off-domain.ts is chosen (ADR 0065): for each question of the tuning sets
 * (tune-set.ts, and the development set) that names nothing only drones have, its
 * closeness to the nearest outside subject less its closeness to the nearest section or inside statement. The held-out half
 * and unseen-5 are never read here. Run: node tests/eval/fit-off-domain.ts
 */
import { readFileSync } from 'node:fs';
import { nearestOutside } from '../../src/server/modules/assistant/off-domain.ts';
import { retrieve } from '../../src/server/modules/assistant/retrieve.ts';
import { openTuneSet, readDevSet, TUNING_FILES } from './tune-set.ts';
import { plainInput } from './shipped-engine.ts';

const { database } = await openTuneSet();
const items = [
  ...TUNING_FILES.flatMap((f) => JSON.parse(readFileSync(new URL(`./pilot/${f}.json`, import.meta.url), 'utf8')) as { kind: string; question: string; previous?: string[] }[]),
  ...readDevSet().map((d) => ({ kind: 'answer', question: d.question, previous: undefined })),
];
const rows: { kind: string; question: string; gap: number; names: boolean }[] = [];
for (const item of items) {
  if (item.previous?.length) continue;
  const r = await retrieve(database.db, plainInput(item.question));
  const section = r?.semantic[0]?.similarity ?? 0;
  const near = await nearestOutside(item.question);
  rows.push({ kind: item.kind, question: item.question, gap: near.outside - Math.max(section, near.inside), names: r?.namesDrones ?? false });
}
await database.close();
rows.sort((a, b) => b.gap - a.gap);
console.log('closer to an outside subject than to any section (gap > -0.05), not naming drones:');
for (const r of rows.filter((x) => x.gap > -0.05 && !x.names)) console.log(`  ${r.gap.toFixed(3)} ${r.kind.padEnd(8)} ${r.question}`);
console.log('the same, naming something only drones have (the rule does not apply to these):');
for (const r of rows.filter((x) => x.gap > -0.1 && x.names)) console.log(`  ${r.gap.toFixed(3)} ${r.kind.padEnd(8)} ${r.question}`);
const off = rows.filter((r) => r.kind === 'offtopic');
console.log(`off-topic questions: ${off.length}; gaps ${off.map((r) => r.gap.toFixed(2)).join(' ')}`);
