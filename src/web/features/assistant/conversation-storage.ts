import { CONVERSATION_STORAGE_KEY, conversationSchema, type ChatMessage } from '../../../shared/assistant.ts';

/**
 * Whose conversation is saved: the spec's key holds only the messages, and a shared browser must not
 * show one pilot's conversation to the next one who signs in.
 */
export const CONVERSATION_OWNER_KEY = 'droneDoctor_conversationOwner';

/** The part of Web Storage the conversation needs (localStorage in the app, a Map in tests). */
export type ConversationStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Doc 1 §4, §8: the saved conversation, or an empty one when there is none. An unparseable or invalid
 * value, or another user's conversation, is silently dropped (and removed, so it does not linger).
 */
export function loadConversation(store: ConversationStore | null, userId: string | null): ChatMessage[] {
  if (!store) return [];
  let raw: string | null;
  let owner: string | null;
  try {
    raw = store.getItem(CONVERSATION_STORAGE_KEY);
    owner = store.getItem(CONVERSATION_OWNER_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  if (owner === null || owner === userId) {
    try {
      const parsed = conversationSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: dropped below like any other invalid value.
    }
  }
  try {
    store.removeItem(CONVERSATION_STORAGE_KEY);
    store.removeItem(CONVERSATION_OWNER_KEY);
  } catch {
    // Storage refusing access (private mode) is no reason to break the chat.
  }
  return [];
}

/** Saved when non-empty, removed when empty (doc 1 §4); a full or blocked storage is ignored. */
export function saveConversation(store: ConversationStore | null, messages: readonly ChatMessage[], userId: string | null): void {
  if (!store) return;
  try {
    if (messages.length === 0) {
      store.removeItem(CONVERSATION_STORAGE_KEY);
      store.removeItem(CONVERSATION_OWNER_KEY);
      return;
    }
    store.setItem(CONVERSATION_STORAGE_KEY, JSON.stringify(messages));
    if (userId) store.setItem(CONVERSATION_OWNER_KEY, userId);
  } catch {
    // Quota exceeded or storage disabled: the conversation still lives in memory for this visit.
  }
}

/** The browser's localStorage, or null where it is unavailable. */
export function browserStore(): ConversationStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
