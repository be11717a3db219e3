/**
 * `npm run bench`: figures, never pass/fail (DESIGN §5). `npm run bench -- --quick` runs shorter.
 * Each figure lives in its own file; this prints the machine and calls them in turn.
 */
import { cpus, totalmem } from 'node:os';
import { benchAdminAnalytics } from './admin-analytics.ts';
import { benchAssistant } from './assistant.ts';
import { benchBundleSize } from './bundle-size.ts';
import { benchDocuments } from './documents.ts';
import { benchFacilities } from './facilities.ts';
import { benchFlightLogs } from './flight-logs.ts';
import { benchFlightLogsScale } from './flight-logs-scale.ts';
import { benchHttp } from './http.ts';
import { benchProcesses } from './processes.ts';
import { benchPages } from './pages.ts';
import { benchSpeech } from './speech.ts';
import { benchStartup } from './startup.ts';
import { benchWeather } from './weather.ts';

const quick = process.argv.includes('--quick');
const cores = cpus();

console.log('Drone Doctor benchmarks' + (quick ? ' (--quick: 2 s HTTP runs, 1 start-up run each)' : ''));
console.log(`Date:    ${new Date().toISOString()}`);
console.log(`Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${process.platform} ${process.arch}`);
console.log(`Node:    ${process.version}`);

await benchStartup({ runs: quick ? 1 : 3 });
await benchHttp({ seconds: quick ? 2 : 10 });
await benchWeather({ seconds: quick ? 2 : 10, requests: quick ? 50 : 200 });
await benchFlightLogs({ quick });
await benchFlightLogsScale({ quick });
await benchAssistant({ seconds: quick ? 3 : 10 });
await benchDocuments();
await benchAdminAnalytics({ seconds: quick ? 2 : 10, quick });
await benchSpeech({ runs: quick ? 5 : 15 });
await benchFacilities({ quick });
await benchBundleSize();
await benchProcesses({ seconds: quick ? 3 : 10 });
await benchPages({ runs: quick ? 1 : 3 });
