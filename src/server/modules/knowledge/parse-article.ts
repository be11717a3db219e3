import { createHash } from 'node:crypto';

/** A shipped knowledge article (knowledge/README.md), parsed into its searchable sections. */
export interface ParsedSection {
  title: string;
  body: string;
  citation: string;
  url: string | null;
  /** Questions pilots ask that the section answers (`<slug>.questions.txt`), embedded as views only. */
  questions: string[];
}

export interface ParsedArticle {
  slug: string;
  title: string;
  topic: string;
  makers: string[];
  models: string[];
  keywords: string[];
  sections: ParsedSection[];
  contentHash: string;
}

export const TOPICS = ['regulations', 'setup', 'troubleshooting', 'maintenance', 'safety', 'advanced'] as const;

export class ArticleFormatError extends Error {}

function parseList(value: string): string[] {
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function parseFrontMatter(raw: string, where: string): { fields: Map<string, string>; rest: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(raw);
  if (!match) throw new ArticleFormatError(`${where}: missing front matter (--- ... ---)`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new ArticleFormatError(`${where}: bad front matter line "${line}"`);
    fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { fields, rest: raw.slice(match[0].length) };
}

function parseSource(line: string): { citation: string; url: string | null } {
  const value = line.replace(/^Source:\s*/, '').trim();
  const [citation = '', url] = value.split(/\s+\|\s+/, 2);
  return { citation: citation.trim(), url: url?.trim() || null };
}

/** Throws ArticleFormatError with the file and the rule broken: the knowledge base is checked at start. */
export function parseArticle(slug: string, topicFolder: string, raw: string): ParsedArticle {
  const where = `knowledge/${topicFolder}/${slug}.md`;
  const { fields, rest } = parseFrontMatter(raw, where);
  const title = fields.get('title');
  const topic = fields.get('topic');
  if (!title) throw new ArticleFormatError(`${where}: front matter needs a title`);
  if (topic !== topicFolder) throw new ArticleFormatError(`${where}: topic "${topic ?? ''}" does not match its folder`);
  if (!(TOPICS as readonly string[]).includes(topic)) throw new ArticleFormatError(`${where}: unknown topic "${topic}"`);

  const sections: ParsedSection[] = [];
  const chunks = rest.split(/^## /m).slice(1);
  for (const chunk of chunks) {
    const lines = chunk.replace(/\r/g, '').split('\n');
    const sectionTitle = (lines.shift() ?? '').trim();
    const content = lines.join('\n').trim();
    const sourceLines = content.split('\n').filter((l) => l.startsWith('Source:'));
    if (sourceLines.length !== 1) {
      throw new ArticleFormatError(`${where}: section "${sectionTitle}" needs exactly one Source: line`);
    }
    const { citation, url } = parseSource(sourceLines[0] ?? '');
    if (!citation) throw new ArticleFormatError(`${where}: section "${sectionTitle}" has an empty Source:`);
    const body = content
      .split('\n')
      .filter((l) => !l.startsWith('Source:'))
      .join('\n')
      .trim();
    if (!sectionTitle || !body) throw new ArticleFormatError(`${where}: a section has no title or no text`);
    sections.push({ title: sectionTitle, body, citation, url, questions: [] });
  }
  if (sections.length === 0) throw new ArticleFormatError(`${where}: no "## " sections`);

  return {
    slug,
    title,
    topic,
    makers: parseList(fields.get('makers') ?? ''),
    models: parseList(fields.get('models') ?? ''),
    keywords: parseList(fields.get('keywords') ?? ''),
    sections,
    contentHash: createHash('sha256').update(raw).digest('hex'),
  };
}
