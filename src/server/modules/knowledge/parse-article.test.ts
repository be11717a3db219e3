import { describe, expect, it } from 'vitest';
import { ArticleFormatError, parseArticle } from './parse-article.ts';
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
      { title: 'Altitude', body: 'Stay at or below 400 feet.', citation: '14 CFR 107.51(b)', url: 'https://www.ecfr.gov/x' },
      { title: 'Speed', body: 'At most 100 mph.', citation: '14 CFR 107.51(a)', url: null },
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
});
