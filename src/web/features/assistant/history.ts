import { HISTORY_TITLE_MAX, type DroneContext, type QueryRecord } from '../../../shared/assistant.ts';

/** A conversation of the Chat History tab (doc 1 §4), built from the query records. */
export interface HistoryConversation {
  id: string;
  title: string;
  startedAt: string;
  /** Oldest first. */
  turns: QueryRecord[];
  /** The first drone context any turn carried. */
  drone: DroneContext | null;
}

export type HistorySort = 'newest' | 'oldest' | 'drone';
export const HISTORY_SORTS: readonly { value: HistorySort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'drone', label: 'By drone type' },
];

/** Titles are cut at 60 characters (doc 1 §4, §9), with an ellipsis when something was cut. */
export function historyTitle(text: string, max = HISTORY_TITLE_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  return `${t.slice(0, max).trimEnd()}…`;
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

const hasDrone = (d: DroneContext | null | undefined): d is DroneContext =>
  !!d && !!(d.manufacturer || d.model || d.customManufacturer || d.customModel);

function conversationOf(turns: QueryRecord[]): HistoryConversation {
  const first = turns[0];
  if (!first) throw new Error('a conversation needs a turn');
  const titleFrom = first.question.trim() || first.answer.trim() || 'Untitled conversation';
  return {
    id: first.id,
    title: historyTitle(titleFrom),
    startedAt: first.timestamp,
    turns,
    drone: turns.map((t) => t.context?.droneContext).find(hasDrone) ?? null,
  };
}

/**
 * Doc 1 §4: a record flagged isNewConversation starts a conversation and later records join it; with no
 * flag anywhere, each record with a question or an answer is a conversation of its own. Records before the
 * first flagged one (older history) form a conversation together.
 */
export function buildConversations(records: readonly QueryRecord[]): HistoryConversation[] {
  const ordered = records
    .filter((r) => r.question.trim() !== '' || r.answer.trim() !== '')
    .map((r, i) => ({ r, i }))
    .sort((a, b) => time(a.r.timestamp) - time(b.r.timestamp) || a.i - b.i)
    .map(({ r }) => r);
  const flagged = ordered.some((r) => r.context?.isNewConversation === true);
  if (!flagged) return ordered.map((r) => conversationOf([r]));

  const groups: QueryRecord[][] = [];
  for (const record of ordered) {
    const current = groups.at(-1);
    if (record.context?.isNewConversation === true || !current) groups.push([record]);
    else current.push(record);
  }
  return groups.map(conversationOf);
}

/** The maker and model a pilot would recognise: a custom name stands in for "Other" or a missing value. */
function droneParts(d: DroneContext | null): { maker: string; model: string } | null {
  if (!hasDrone(d)) return null;
  const pick = (stock: string | null, custom: string | null) => (stock && stock !== 'Other' ? stock : custom || stock || '');
  return { maker: pick(d.manufacturer, d.customManufacturer), model: pick(d.model, d.customModel) };
}

export function droneLabel(d: DroneContext | null): string | null {
  const parts = droneParts(d);
  if (!parts) return null;
  return [parts.maker, parts.model].filter(Boolean).join(' ') || null;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * Newest first (the default), oldest first, or by drone type: grouped by maker then model, conversations
 * with a drone before those without, newest first within a drone.
 */
export function sortConversations(conversations: readonly HistoryConversation[], sort: HistorySort): HistoryConversation[] {
  const newest = (a: HistoryConversation, b: HistoryConversation) => time(b.startedAt) - time(a.startedAt);
  const list = [...conversations];
  if (sort === 'newest') return list.sort(newest);
  if (sort === 'oldest') return list.sort((a, b) => -newest(a, b));
  return list.sort((a, b) => {
    const da = droneParts(a.drone);
    const db = droneParts(b.drone);
    if (da && !db) return -1;
    if (!da && db) return 1;
    if (da && db) return byName(da.maker, db.maker) || byName(da.model, db.model) || newest(a, b);
    return newest(a, b);
  });
}
