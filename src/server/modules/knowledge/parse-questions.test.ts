import { describe, expect, it } from 'vitest';
import { ArticleFormatError } from './parse-article.ts';
import { parseQuestions } from './parse-questions.ts';

const headings = ['How high can I fly? 400 feet', 'Maximum speed: 100 mph'];

describe('an article’s questions file', () => {
  it('reads each heading’s questions, whatever their order, skipping blank lines', () => {
    const parsed = parseQuestions('## Maximum speed: 100 mph\n- how fast can it go\n\n## How high can I fly? 400 feet\n- max altitude\n- ceiling for part 107\n', headings, 'f');
    expect(parsed.get('How high can I fly? 400 feet')).toEqual(['max altitude', 'ceiling for part 107']);
    expect(parsed.get('Maximum speed: 100 mph')).toEqual(['how fast can it go']);
  });

  it('refuses a heading the article does not have, one listed twice, and a stray line', () => {
    expect(() => parseQuestions('## Max altitude\n- q\n', headings, 'f')).toThrow(ArticleFormatError);
    expect(() => parseQuestions('## Maximum speed: 100 mph\n- a\n## Maximum speed: 100 mph\n- b\n', headings, 'f')).toThrow(/twice/);
    expect(() => parseQuestions('how fast can it go\n', headings, 'f')).toThrow(/expected/);
  });
});
