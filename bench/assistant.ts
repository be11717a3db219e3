/**
 * Assistant figures (issue 3), never pass/fail:
 *  - the embedded answer's latency server-side (p50/p95), with the shipped knowledge base plus 5,000
 *    generated business passages in the index;
 *  - POST /api/query requests/s and latency at 20 connections, for a staff user (no query limit).
 * Accuracy and citations come from `npm run eval:assistant`; speech from bench/speech.ts.
 *
 * Run alone: node bench/assistant.ts [--quick]
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { AssistantServerReady } from './assistant-server.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

const CONNECTIONS = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Issue 15's target on embedded PGlite, printed beside the figure (never a pass/fail). */
const TARGET_RPS = 300;

/** On embedded PGlite always, and on PostgreSQL too when BENCH_DATABASE_URL is set. */
export async function benchAssistant({ seconds }: { seconds: number }) {
  heading('Assistant (embedded answers)');
  await benchAssistantOn('', seconds);
  if (process.env.BENCH_DATABASE_URL) await benchAssistantOn(process.env.BENCH_DATABASE_URL, seconds);
}

async function benchAssistantOn(databaseUrl: string, seconds: number) {
  const { ready, stop } = await startBenchServer<AssistantServerReady>('bench/assistant-server.ts', { BENCH_DATABASE_URL: databaseUrl });
  try {
    const s = ready.serverSideMs;
    console.log(`index: ${fmt(ready.sections)} sections (shipped + 5,000 business passages), ${ready.database}`);
    console.log(`server-side POST /api/query over ${s.length} questions: p50 ${fmt(pct(s, 50), 1)} ms, p95 ${fmt(pct(s, 95), 1)} ms`);
    let i = 0;
    const queryLoad = () =>
      autocannon({
        url: `http://127.0.0.1:${ready.port}/api/query`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const question = ready.questions[i++ % ready.questions.length] ?? 'How high can I fly?';
              return {
                ...req,
                headers: { ...req.headers, cookie: ready.cookie, origin: `http://127.0.0.1:${ready.port}`, 'content-type': 'application/json' },
                body: JSON.stringify({ question, userId: ready.userId }),
              };
            },
          },
        ],
      });
    const signedInGet = () => autocannon({ url: `http://127.0.0.1:${ready.port}/api/auth/user`, connections: 10, duration: seconds, headers: { cookie: ready.cookie } });
    const result = await queryLoad();
    const errors = result.non2xx + result.errors;
    console.log(
      `POST /api/query at ${CONNECTIONS} connections, ${seconds} s: ${fmt(result.requests.average, 1)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms` +
        (errors ? `, ${errors} failed` : '') +
        (ready.database === 'pglite' ? ` (issue 15's target on PGlite: ≥ ${TARGET_RPS} req/s)` : ''),
    );
    // Does other HTTP work queue behind the database? A signed-in GET alone, then beside the question load.
    const alone = await signedInGet();
    const [beside] = await Promise.all([signedInGet(), queryLoad()]);
    console.log(
      `  GET /api/auth/user at 10 connections: alone p50 ${fmt(alone.latency.p50)} ms, p99 ${fmt(alone.latency.p99)} ms; ` +
        `beside the question load p50 ${fmt(beside.latency.p50)} ms, p99 ${fmt(beside.latency.p99)} ms`,
    );
    const t = ready.statementMs;
    console.log(
      `  its statements, server-side mean per question: ${t.map((s) => `${s.name} ${fmt(s.ms, 2)} ms`).join(', ')}; ` +
        `${fmt(t.reduce((n, s) => n + s.count, 0), 1)} round trips`,
    );
  } finally {
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchAssistant({ seconds: process.argv.includes('--quick') ? 3 : 10 });
