import { CLOSEST_TOPICS_LEAD } from '../../../shared/assistant.ts';

/** The answer as written, without the trailing "Sources:" block when the sources are listed on their own. */
export function withoutSourcesBlock(text: string): string {
  const match = /\n\s*Sources?:\s*\n(?:\s*[-*•].*(?:\n|$))+\s*$/i.exec(text);
  return match ? text.slice(0, match.index).trimEnd() : text;
}

export type AnswerBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*•]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;

/** Paragraphs and the simple lists the knowledge base writes ("- item", "1. item"), nothing more. */
export function answerBlocks(text: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
      paragraph = [];
    };
    for (const line of chunk.split('\n')) {
      const ordered = NUMBER.test(line);
      if (BULLET.test(line) || ordered) {
        flush();
        const item = line.replace(ordered ? NUMBER : BULLET, '').trim();
        const last = blocks.at(-1);
        if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
        else blocks.push({ kind: 'list', ordered, items: [item] });
      } else if (line.trim()) {
        paragraph.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}

/** A clarifying answer without the sentence naming its topics, when they are shown as choices instead. */
export function withoutTopicList(text: string): string {
  const at = text.lastIndexOf(` ${CLOSEST_TOPICS_LEAD} `);
  return at < 0 ? text : text.slice(0, at).trimEnd();
}
