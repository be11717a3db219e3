import { ArticleFormatError } from './parse-article.ts';

/** Questions per section past this many are not embedded (each is one encoder run at indexing). */
export const MAX_QUESTIONS = 8;

/**
 * An article's `<slug>.questions.txt` (knowledge/README.md): for each `## ` heading of the article, the
 * questions pilots ask that the section answers, one `- ` line each. They are embedded as views of
 * the section (ADR 0065, sixth session) and never shown. Throws on a heading the article lacks, so a
 * renamed section cannot silently lose its questions.
 */
export function parseQuestions(raw: string, headings: readonly string[], where: string): Map<string, string[]> {
  const known = new Set(headings);
  const out = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const [i, line] of raw.replace(/\r/g, '').split('\n').entries()) {
    const text = line.trim();
    if (!text) continue;
    if (text.startsWith('## ')) {
      const heading = text.slice(3).trim();
      if (!known.has(heading)) throw new ArticleFormatError(`${where}:${i + 1}: no section "${heading}" in the article`);
      if (out.has(heading)) throw new ArticleFormatError(`${where}:${i + 1}: section "${heading}" is listed twice`);
      current = [];
      out.set(heading, current);
    } else if (text.startsWith('- ') && current) {
      const question = text.slice(2).trim();
      if (question.length > 300) throw new ArticleFormatError(`${where}:${i + 1}: a question is over 300 characters`);
      if (question) current.push(question);
    } else {
      throw new ArticleFormatError(`${where}:${i + 1}: expected "## heading" or "- question"`);
    }
  }
  return out;
}
