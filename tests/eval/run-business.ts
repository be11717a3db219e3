import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { answerQuestion } from '../../src/server/modules/assistant/answer-engine.ts';
import { OFF_TOPIC_ANSWER } from '../../src/server/modules/assistant/compose-answer.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { detectKind, extractUnbounded, toPassages } from '../../src/server/modules/documents/extract.ts';
import * as documents from '../../src/server/modules/documents/repo.ts';
import { indexSectionVectors } from '../../src/server/modules/knowledge/embeddings.ts';
import type { Browser } from 'playwright-core';
import { manualHtml, makeStyledDocx, markdownAsPlainText, markdownBlocks } from '../fixtures/documents/make-documents.ts';
import { launchChromium } from '../support/e2e/browser.ts';
import { judgedFigures, rowsForJudge, verdictOn, verdictsOf } from './judged.ts';
import { CONFIDENT, pct, type Item, type Outcome } from './score.ts';
import { openShippedKnowledge, plainInput } from './shipped-engine.ts';

/**
 * `node tests/eval/run-business.ts [--set business-2] [--as pdf|docx|txt|pdf-bold|docx-bold|pdf-running] [--verbose] [--for-judge FILE] [--dump FILE]`: how a business's own documents are answered from. Two
 * fictional companies' manuals (tests/eval/business/*.md, written by a helper who never read the code or
 * the knowledge base) are read and split into passages by the product's own extraction (extract.ts),
 * indexed beside the shipped knowledge base as each business's (documents/repo.ts) and embedded as the
 * vector job does (embeddings.ts). Then the questions of tests/eval/business/questions.json, written by
 * the same helper as each company's employees would ask them, are asked as a member of that business:
 * - document questions: answered from the right document (and the labelled heading), stating the fact
 *   (an expected phrase copied from the document), and how many wrong ones are shown at 70% or more;
 * - general questions the documents do not cover: answered (from the shipped articles), not declined;
 * - off-topic ones: declined.
 * A measurement, not a gate; the questions were not tuned on before their first reading (ADR 0065).
 */
// `--set business-2`: another set of companies (tests/eval/business-2), written the same way.
const setAt = process.argv.indexOf('--set');
const set = setAt > 0 ? (process.argv[setAt + 1] ?? 'business') : 'business';
if (!/^business(-\d+)?$/.test(set)) throw new Error(`no such set: ${set}`);
const dir = fileURLToPath(new URL(`./${set}/`, import.meta.url));
// `--as pdf`, `--as docx` or `--as txt`: every document read in that format, and its answers judged apart, in
// tests/eval/judged/<set>-<format>.json. A PDF is the Markdown printed in Debian Chromium (committed
// beside it: its passages are its pages); a DOCX is made from the Markdown here, with Word's heading
// styles, list paragraphs and tables (make-documents.ts, makeStyledDocx); a plain-text file is the
// Markdown without its marks (markdownAsPlainText).
const asAt = process.argv.indexOf('--as');
const as = asAt > 0 ? process.argv[asAt + 1] : undefined;
const FORMATS = ['pdf', 'docx', 'txt', 'pdf-bold', 'docx-bold', 'pdf-running'];
if (as !== undefined && !FORMATS.includes(as)) throw new Error(`--as takes ${FORMATS.join(', ')}, not ${as}`);
const judgedSet = as ? `${set}-${as}` : set;
const questionSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), company: z.string(), kind: z.literal('answer'), question: z.string(), document: z.string(), heading: z.string(), expect: z.array(z.string()).min(1), note: z.string() }),
  z.object({ id: z.string(), company: z.string(), kind: z.literal('general'), question: z.string(), note: z.string() }),
  z.object({ id: z.string(), company: z.string(), kind: z.literal('offtopic'), question: z.string(), note: z.string() }),
]);
const companySchema = z.object({ id: z.string(), name: z.string(), documents: z.array(z.object({ file: z.string(), title: z.string() })) });
const questions = z.array(questionSchema).parse(JSON.parse(readFileSync(`${dir}questions.json`, 'utf8')));
const companies = z.array(companySchema).parse(JSON.parse(readFileSync(`${dir}companies.json`, 'utf8')));
const verbose = process.argv.includes('--verbose');
// A document converted to PDF for upload is the same document (the questions name the Markdown it was written as).
const stem = (file: string) => file.replace(/\.[a-z]+$/i, '');
// A PDF's text breaks lines where the page did.
const flat = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

const { database } = await openShippedKnowledge();
const { db } = database;

// `--for-judge FILE`: the document answers shown, for readers to judge one by one (judged.ts); their
// verdicts, in tests/eval/judged/<set>.json, are printed beside the string match.
// `--dump FILE`: each document answer shown, its confidence, whether a business passage led it and
// whether it is right (the readers' verdict, else the string match), for fit-business-confidence.ts.
const dumpAt = process.argv.indexOf('--dump');
const dumpFile = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
const dumped: { set: string; question: string; confidence: number; businessLed: boolean; right: boolean }[] = [];
const judgeAt = process.argv.indexOf('--for-judge');
const judgeFile = judgeAt > 0 ? process.argv[judgeAt + 1] : undefined;
const judgedItems: Item[] = [];
const verdicts = verdictsOf(judgedSet);
const judgedOutcomes: Outcome[] = [];

// Each document as an approved upload would be indexed: extracted, split into passages, written as the
// business's sections, then embedded.
const titleOf = new Map<string, string>();
// `--as pdf-bold`: the Markdown printed by Debian Chromium with its headings as bold lines of the body's size.
const chromium: { browser: Browser | null } = { browser: null };
// `--as pdf-running`: printed with the running header and footer most manuals have (the company and
// title at the top of every page, "Page 3 of 8" at the foot), its headings the browser's own sizes.
const RUNNING = {
  displayHeaderFooter: true,
  headerTemplate: '<div style="font-size:9px;width:100%;text-align:center;font-family:sans-serif"><span class="title"></span></div>',
  footerTemplate: '<div style="font-size:9px;width:100%;text-align:center;font-family:sans-serif">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
};
async function printed(page: string, running = false): Promise<Buffer> {
  chromium.browser ??= await launchChromium();
  const tab = await chromium.browser.newPage();
  await tab.setContent(page);
  const pdf = await tab.pdf({ format: 'Letter', margin: { top: '0.8in', bottom: '0.8in', left: '0.9in', right: '0.9in' }, ...(running ? RUNNING : {}) });
  await tab.close();
  return pdf;
}
for (const company of companies) {
  for (const doc of company.documents) {
    const markdown = () => readFileSync(`${dir}${doc.file.replace(/\.\w+$/, '.md')}`, 'utf8');
    const bytes =
      as === 'pdf' ? readFileSync(`${dir}${doc.file.replace(/\.\w+$/, '.pdf')}`)
      : as === 'pdf-bold' ? await printed(manualHtml(markdownBlocks(markdown())))
      : as === 'pdf-running' ? await printed(manualHtml(markdownBlocks(markdown()), { headings: 'sized', title: `${company.name} — ${doc.title}` }), true)
      : as === 'docx' ? await makeStyledDocx(markdownBlocks(markdown()))
      : as === 'docx-bold' ? await makeStyledDocx(markdownBlocks(markdown()), { headings: 'bold' })
      : as === 'txt' ? Buffer.from(markdownAsPlainText(readFileSync(`${dir}${doc.file.replace(/\.\w+$/, '.md')}`, 'utf8')))
      : readFileSync(`${dir}${doc.file}`);
    const kind = await detectKind(bytes, as ? doc.file.replace(/\.\w+$/, `.${as.replace(/-\w+$/, '')}`) : doc.file);
    if (!kind) throw new Error(`${doc.file}: not a document the product takes`);
    const passages = toPassages(doc.title, await extractUnbounded(kind, bytes));
    const documentId = `eval-${company.id}-${doc.file}`;
    titleOf.set(documentId, doc.file);
    await documents.indexPassages(db, { id: documentId, title: doc.title, businessProfileId: company.id }, passages);
  }
}
await chromium.browser?.close();
const started = performance.now();
const { embedded } = await indexSectionVectors(db);
console.log(`business documents: ${titleOf.size} documents, ${embedded} passages embedded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const sections = await db.execute<{ id: string; article_key: string; title: string; business_id: string | null }>(sql`select id, article_key, title, business_id from knowledge_sections`);
const sectionById = new Map(sections.rows.map((r) => [r.id, r] as const));

const tally = { answer: 0, rightDoc: 0, rightHeading: 0, fact: 0, shown: 0, confidentWrong: 0, asked: 0, declined: 0, general: 0, generalAnswered: 0, generalFromShipped: 0, offtopic: 0, offDeclined: 0 };
const times: number[] = [];
// The confidence shown to each document answer, and whether it stated the fact: the calibration table.
const shownAnswers: { confidence: number; fact: boolean }[] = [];
for (const q of questions) {
  const company = companies.find((c) => c.id === q.company);
  if (!company) throw new Error(`${q.id}: no company ${q.company}`);
  const t0 = performance.now();
  const r = await answerQuestion(db, { ...plainInput(q.question), businessId: company.id });
  times.push(performance.now() - t0);
  const top = r.topSectionId ? sectionById.get(r.topSectionId) : undefined;
  const declined = r.answer === OFF_TOPIC_ANSWER;
  const refused = r.answer.startsWith(HARM_REFUSAL_START);
  const shown = !r.needsMoreContext && !declined && !refused;
  const where = top ? `${top.business_id ? titleOf.get(top.article_key) : top.article_key} / ${top.title}` : '-';
  const line = `${q.id} ${q.kind} [${where}] ${Math.round(r.confidence * 100)}%${r.needsMoreContext ? ' (asked)' : ''}${declined ? ' (declined)' : ''}: ${q.question}`;
  if (q.kind === 'answer') {
    tally.answer++;
    const fact = shown && q.expect.some((e) => flat(r.answer).includes(flat(e)));
    const rightDoc = top?.business_id === company.id && stem(titleOf.get(top.article_key) ?? '') === stem(q.document);
    if (rightDoc) tally.rightDoc++;
    if (rightDoc && top?.title.trim().toLowerCase() === q.heading.trim().toLowerCase()) tally.rightHeading++;
    if (fact) tally.fact++;
    if (r.needsMoreContext) tally.asked++;
    if (declined) tally.declined++;
    if (shown) tally.shown++;
    if (shown) shownAnswers.push({ confidence: r.confidence, fact });
    if (shown) {
      const judged = verdictOn(verdicts, { kind: 'answer', question: q.question, sections: [q.heading], expect: q.expect, note: q.note }, r.answer);
      dumped.push({ set: judgedSet, question: q.question, confidence: r.confidence, businessLed: top?.business_id != null, right: judged ?? fact });
    }
    judgedItems.push({ kind: 'answer', question: q.question, sections: [q.heading], expect: q.expect, note: q.note });
    judgedOutcomes.push({ answer: r.answer, confidence: r.confidence, asked: r.needsMoreContext, declined, refused, topSection: null, evidence: null });
    if (shown && !fact && r.confidence >= CONFIDENT) tally.confidentWrong++;
    if (verbose && !fact) console.log(`  MISS ${line}\n    want ${q.document} / ${q.heading}: ${q.expect.join(' | ')}`);
  } else if (q.kind === 'general') {
    tally.general++;
    if (shown) tally.generalAnswered++;
    if (shown && top && top.business_id === null) tally.generalFromShipped++;
    if (verbose && !shown) console.log(`  NOT ANSWERED ${line}`);
  } else {
    tally.offtopic++;
    if (declined) tally.offDeclined++;
    if (verbose && !declined) console.log(`  NOT DECLINED ${line}`);
  }
}
const sorted = [...times].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ratio = (n: number, d: number) => `${n}/${d} ${pct(n, d).trim()}`;
console.log(`document questions (${tally.answer}): states the fact ${ratio(tally.fact, tally.answer)}; top passage from the right document ${ratio(tally.rightDoc, tally.answer)}, under the labelled heading ${ratio(tally.rightHeading, tally.answer)}`);
console.log(`  shown ${tally.shown}, asked about ${tally.asked}, declined ${tally.declined}; confident wrong (shown at ≥ 70%, no expected phrase) ${ratio(tally.confidentWrong, tally.shown)}`);
const bands = [0, 0.3, 0.5, 0.7, 0.9, 1.01];
console.log('  calibration (document answers shown): band → share stating the fact');
for (let b = 0; b < bands.length - 1; b++) {
  const lo = bands[b] ?? 0;
  const hi = bands[b + 1] ?? 1;
  const inBand = shownAnswers.filter((a) => a.confidence >= lo && a.confidence < hi);
  console.log(`    ${String(Math.round(lo * 100)).padStart(3)}–${String(Math.min(100, Math.round(hi * 100))).padStart(3)}%: ${ratio(inBand.filter((a) => a.fact).length, inBand.length)}`);
}
if (verdicts.size > 0) {
  const j = judgedFigures(judgedSet, judgedItems, judgedOutcomes);
  console.log(`  judged one by one (tests/eval/judged/${judgedSet}.json): states the fact ${ratio(j.fact, j.answerable)}, confident wrong ${ratio(j.confidentWrong, j.shown)}${j.unjudged ? `, ${j.unjudged} answers not judged yet (counted by the string match)` : ''}`);
}
if (dumpFile) writeFileSync(dumpFile, `${JSON.stringify(dumped)}\n`);
if (judgeFile) writeFileSync(judgeFile, `${JSON.stringify(rowsForJudge(judgedSet, judgedItems, judgedOutcomes), null, 1)}\n`);
console.log(`general questions the documents do not cover (${tally.general}): answered ${ratio(tally.generalAnswered, tally.general)}, from the shipped articles ${ratio(tally.generalFromShipped, tally.general)}`);
console.log(`off topic (${tally.offtopic}): declined ${ratio(tally.offDeclined, tally.offtopic)}`);
console.log(`engine latency: p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms`);
await database.close();
process.exit(0);
