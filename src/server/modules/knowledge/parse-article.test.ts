import { describe, expect, it } from 'vitest';
import { ArticleFormatError, parseArticle } from './parse-article.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadArticles } from './load-articles.ts';

const article = (body: string, front = 'title: Limits\ntopic: regulations\nmakers: [DJI, Autel Robotics]\nkeywords: [how high, ceiling]') =>
  `---\n${front}\n---\n\n${body}`;

describe('parseArticle', () => {
  it('splits sections and reads each one’s source and URL', () => {
    const a = parseArticle(
      'limits',
      'regulations',
      article('## Altitude\n\nStay at or below 400 feet.\n\nSource: 14 CFR 107.51(b) | https://www.ecfr.gov/x\n\n## Speed\n\nAt most 100 mph.\n\nSource: 14 CFR 107.51(a)\n'),
    );
    expect(a.makers).toEqual(['DJI', 'Autel Robotics']);
    expect(a.keywords).toEqual(['how high', 'ceiling']);
    expect(a.sections).toEqual([
      { title: 'Altitude', body: 'Stay at or below 400 feet.', citation: '14 CFR 107.51(b)', url: 'https://www.ecfr.gov/x', questions: [] },
      { title: 'Speed', body: 'At most 100 mph.', citation: '14 CFR 107.51(a)', url: null, questions: [] },
    ]);
    expect(a.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the file and the rule broken', () => {
    expect(() => parseArticle('x', 'regulations', '## No front matter')).toThrow(ArticleFormatError);
    expect(() => parseArticle('x', 'safety', article('## A\n\nText.\n\nSource: AC 107-2A'))).toThrow(/knowledge\/safety\/x.md: topic "regulations" does not match/);
    expect(() => parseArticle('x', 'regulations', article('## A\n\nText without a source.'))).toThrow(/needs exactly one Source: line/);
    expect(() => parseArticle('x', 'regulations', article('## A\n\nText.\nSource: a\nSource: b'))).toThrow(/exactly one Source/);
    expect(() => parseArticle('x', 'regulations', article('No sections at all.'))).toThrow(/no "## " sections/);
  });
});

describe('the shipped knowledge base', () => {
  it('has at least 150 sections, each with a source, covering every topic', () => {
    const articles = loadArticles();
    const sections = articles.flatMap((a) => a.sections);
    expect(sections.length).toBeGreaterThanOrEqual(150);
    expect(sections.every((s) => s.citation.length > 0)).toBe(true);
    expect(new Set(articles.map((a) => a.topic))).toEqual(new Set(['regulations', 'setup', 'troubleshooting', 'maintenance', 'safety', 'advanced']));
    for (const maker of ['DJI', 'Autel Robotics', 'Skydio', 'Parrot']) expect(articles.some((a) => a.makers.includes(maker))).toBe(true);
  });

  it('attaches each section’s questions from <slug>.questions.txt, and re-indexes when they change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-'));
    mkdirSync(join(dir, 'regulations'));
    writeFileSync(join(dir, 'regulations', 'limits.md'), article('## Altitude\n\nStay at or below 400 feet.\n\nSource: 14 CFR 107.51(b)\n\n## Speed\n\nAt most 100 mph.\n\nSource: 14 CFR 107.51(a)\n'));
    const [without] = loadArticles(dir);
    writeFileSync(join(dir, 'regulations', 'limits.questions.txt'), '## Speed\n- how fast can my quad go legally\n');
    const [withQuestions] = loadArticles(dir);
    expect(withQuestions?.sections.map((s) => s.questions)).toEqual([[], ['how fast can my quad go legally']]);
    expect(withQuestions?.contentHash).not.toBe(without?.contentHash);
    writeFileSync(join(dir, 'regulations', 'limits.questions.txt'), '## Top speed\n- how fast\n');
    expect(() => loadArticles(dir)).toThrow(/no section "Top speed"/);
  });

  it('has questions for every shipped section', () => {
    expect(loadArticles().flatMap((a) => a.sections).every((s) => s.questions.length >= 3)).toBe(true);
  });
});
