import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArticle, TOPICS, type ParsedArticle } from './parse-article.ts';
import { parseQuestions } from './parse-questions.ts';

/** The repository's knowledge/ folder: the shipped knowledge base. */
export const KNOWLEDGE_DIR = fileURLToPath(new URL('../../../../knowledge', import.meta.url));

/** Every shipped article, parsed; a malformed one stops the start with its file and rule. */
export function loadArticles(dir = KNOWLEDGE_DIR, folders: readonly string[] = TOPICS): ParsedArticle[] {
  const articles: ParsedArticle[] = [];
  const seen = new Set<string>();
  for (const topic of folders) {
    let files: string[];
    try {
      files = readdirSync(join(dir, topic)).filter((f) => f.endsWith('.md'));
    } catch {
      continue;
    }
    for (const file of files.sort()) {
      const slug = file.replace(/\.md$/, '');
      if (seen.has(slug)) throw new Error(`knowledge/${topic}/${file}: the slug "${slug}" is used twice`);
      seen.add(slug);
      articles.push(withQuestions(parseArticle(slug, topic, readFileSync(join(dir, topic, file), 'utf8')), join(dir, topic), topic));
    }
  }
  return articles;
}

/** Attaches the article's `<slug>.questions.txt`, when there is one; its text counts in the content hash, so an edit re-indexes. */
function withQuestions(article: ParsedArticle, folder: string, topic: string): ParsedArticle {
  let raw: string;
  try {
    raw = readFileSync(join(folder, `${article.slug}.questions.txt`), 'utf8');
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return article;
    throw error;
  }
  const questions = parseQuestions(raw, article.sections.map((s) => s.title), `knowledge/${topic}/${article.slug}.questions.txt`);
  return {
    ...article,
    sections: article.sections.map((s) => ({ ...s, questions: questions.get(s.title) ?? [] })),
    contentHash: createHash('sha256').update(`${article.contentHash}\n${raw}`).digest('hex'),
  };
}
