import { describe, expect, it } from 'vitest';
import { CONVERSATION_STORAGE_KEY, type ChatMessage } from '../../../shared/assistant.ts';
import { CONVERSATION_OWNER_KEY, loadConversation, saveConversation, type ConversationStore } from './conversation-storage.ts';

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
    saveConversation(store, messages, 'u1');
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(true);
    expect(loadConversation(store, 'u1')).toEqual(messages);
  });

  it('removes the key when the conversation is empty', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: JSON.stringify(messages) });
    saveConversation(store, [], 'u1');
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('starts empty with nothing saved or no storage', () => {
    expect(loadConversation(memoryStore(), 'u1')).toEqual([]);
    expect(loadConversation(null, 'u1')).toEqual([]);
  });

  it('silently drops an unparseable value', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: '{not json' });
    expect(loadConversation(store, 'u1')).toEqual([]);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
  });

  it('silently drops a value of the wrong shape', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: JSON.stringify([{ type: 'robot', text: 1 }]) });
    expect(loadConversation(store, 'u1')).toEqual([]);
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
    expect(loadConversation(broken, 'u1')).toEqual([]);
    expect(() => saveConversation(broken, messages, 'u1')).not.toThrow();
  });

  it("drops another user's conversation", () => {
    const store = memoryStore();
    saveConversation(store, messages, 'u1');
    expect(store.data.get(CONVERSATION_OWNER_KEY)).toBe('u1');
    expect(loadConversation(store, 'u2')).toEqual([]);
    expect(store.data.has(CONVERSATION_STORAGE_KEY)).toBe(false);
    expect(store.data.has(CONVERSATION_OWNER_KEY)).toBe(false);
  });

  it('keeps a conversation saved without an owner', () => {
    const store = memoryStore({ [CONVERSATION_STORAGE_KEY]: JSON.stringify(messages) });
    expect(loadConversation(store, 'u2')).toEqual(messages);
  });
});
