import { describe, expect, it } from 'vitest';
import { CONVERSATION_STORAGE_KEY, type ChatMessage } from '../../../shared/assistant.ts';
import { loadConversation, saveConversation, type ConversationStore } from './conversation-storage.ts';

function memoryStore(initial: Record<string, string> = {}): ConversationStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const messages: ChatMessage[] = [
  { type: 'user', text: 'How high can I fly?', timestamp: '2026-11-22T01:00:00.000Z' },
  {
    type: 'ai',
    text: '400 feet above ground level.',
    timestamp: '2026-11-22T01:00:01.000Z',
    confidence: 0.92,
    sources: [{ title: 'Part 107', citation: '14 CFR 107.51', url: null }],
  },
];

describe('conversation storage', () => {
  it('saves a non-empty conversation and reads it back', () => {
    const store = memoryStore();
    saveConversation(store, messages);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(true);
    expect(loadConversation(store)).toEqual(messages);
  });

  it('removes the key when the conversation is empty', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: JSON.stringify(messages) });
    saveConversation(store, []);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('starts empty with nothing saved or no storage', () => {
    expect(loadConversation(memoryStore())).toEqual([]);
    expect(loadConversation(null)).toEqual([]);
  });

  it('silently drops an unparseable value', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: '{not json' });
    expect(loadConversation(store)).toEqual([]);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('silently drops a value of the wrong shape', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: JSON.stringify([{ type: 'robot', text: 1 }]) });
    expect(loadConversation(store)).toEqual([]);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('ignores a storage that throws', () => {
    const broken: ConversationStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadConversation(broken)).toEqual([]);
    expect(() => saveConversation(broken, messages)).not.toThrow();
  });
});
