import { describe, expect, it } from 'vitest';
import { answerBlocks, withoutSourcesBlock, withoutTopicList } from './answer-text.ts';

describe('withoutSourcesBlock', () => {
  it('drops the trailing source list', () => {
    const text = 'Fly below 400 ft.\n\nSources:\n- 14 CFR 107.51 (Operating limits): https://www.ecfr.gov\n- AC 107-2A (Guide)';
    expect(withoutSourcesBlock(text)).toBe('Fly below 400 ft.');
  });

  it('keeps text without one, or with "sources" mid-answer', () => {
    expect(withoutSourcesBlock('Plain answer.')).toBe('Plain answer.');
    const mid = 'Sources:\n- a\n\nThen more text.';
    expect(withoutSourcesBlock(mid)).toBe(mid);
  });
});

describe('answerBlocks', () => {
  it('splits paragraphs and lists', () => {
    expect(answerBlocks('Common causes:\n- metal nearby\n- a magnetised part\n\nThen try again.\n\n1. First\n2. Second')).toEqual([
      { kind: 'paragraph', text: 'Common causes:' },
      { kind: 'list', ordered: false, items: ['metal nearby', 'a magnetised part'] },
      { kind: 'paragraph', text: 'Then try again.' },
      { kind: 'list', ordered: true, items: ['First', 'Second'] },
    ]);
  });
});

describe('withoutTopicList', () => {
  it('drops the sentence naming the topics, which are shown as choices instead', () => {
    const text = 'Could you tell me a bit more? The closest topics I have are: Flying over water; Sun glare.';
    expect(withoutTopicList(text)).toBe('Could you tell me a bit more?');
    expect(withoutTopicList('Fly below 400 ft.')).toBe('Fly below 400 ft.');
  });
});
