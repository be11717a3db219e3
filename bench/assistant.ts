/**
 * Assistant figures (issue 3), never pass/fail:
 *  - the embedded answer's latency server-side (p50/p95), with the shipped knowledge base plus 5,000
 *    generated business passages in the index;
 *  - POST /api/query requests/s and latency at 20 connections, for a staff user (no query limit).
 * Accuracy and citations come from `npm run eval:assistant`; speech from bench/speech.ts.
 *
 * Run alone: node bench/assistant.ts [--quick]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { AssistantServerReady } from './assistant-server.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

const CONNECTIONS = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function benchAssistant({ seconds }: { seconds: number }) {
  heading('Assistant (embedded answers)');
  const { ready, stop } = await startBenchServer<AssistantServerReady>('bench/assistant-server.ts', {}, [], ['--expose-gc']);
  try {
    const times = (ms: number[]) => `p50 ${fmt(pct(ms, 50), 1)} ms, p95 ${fmt(pct(ms, 95), 1)} ms`;
    const index = (label: string, ms: { first: number[]; again: number[] }) =>
      console.log(`  ${label}: server-side POST /api/query over ${ms.first.length} questions, each asked for the first time since the knowledge base changed: ${times(ms.first)}; asked again: ${times(ms.again)}`);
    console.log(`database: ${ready.database}; the same questions, one run, two indexes:`);
    index(`shipped knowledge base alone (${fmt(ready.shippedSections)} sections)`, ready.serverSideShippedMs);
    index(`shipped + 5,000 business passages (${fmt(ready.sections)} sections)`, ready.serverSideMs);
    const fresh = ready.serverSideNewMs;
    console.log(
      `  the same, each question embedded again as if never asked: server-side POST /api/query over ${fresh.length} questions: p50 ${fmt(pct(fresh, 50), 1)} ms, p95 ${fmt(pct(fresh, 95), 1)} ms`,
    );
    console.log(
      `fresh database: shipped knowledge base indexed with its committed vectors in ${fmt(ready.shippedSyncMs)} ms; ` +
        `embedding ${fmt(ready.embeddedPassages)} business passages ${fmt(ready.businessIndexMs / 1000, 1)} s (${fmt(ready.businessIndexMs / ready.embeddedPassages, 1)} ms each); section vectors in memory ${fmt(ready.vectorsRssMb, 1)} MB, labelled examples ${fmt(ready.examples)} in ${fmt(ready.examplesMb, 1)} MB, section classifier ${fmt(ready.classifierMb, 2)} MB`,
    );
    // The encoder alone, in a fresh process of its own (load time and the memory it adds).
    console.log(execFileSync(process.execPath, ['--expose-gc', fileURLToPath(new URL('./assistant-encoder.ts', import.meta.url))], { encoding: 'utf8' }).trim());
    let i = 0;
    const result = await autocannon({
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
    const errors = result.non2xx + result.errors;
    console.log(
      `POST /api/query at ${CONNECTIONS} connections, ${seconds} s: ${fmt(result.requests.average, 1)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms` +
        (errors ? `, ${errors} failed` : ''),
    );
  } finally {
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchAssistant({ seconds: process.argv.includes('--quick') ? 3 : 10 });
