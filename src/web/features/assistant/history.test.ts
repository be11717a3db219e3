import { describe, expect, it } from 'vitest';
import type { DroneContext, QueryRecord } from '../../../shared/assistant.ts';
import { buildConversations, droneLabel, historyTitle, sortConversations } from './history.ts';

const drone = (manufacturer: string | null, model: string | null, custom: Partial<DroneContext> = {}): DroneContext => ({
  manufacturer,
  model,
  customManufacturer: null,
  customModel: null,
  ...custom,
});

let n = 0;
function record(minute: number, question: string, context: QueryRecord['context'] = null, answer = `Answer to ${question}`): QueryRecord {
  n += 1;
  return { id: `q${n}`, question, answer, timestamp: new Date(Date.UTC(2026, 10, 22, 1, minute)).toISOString(), context };
}

describe('buildConversations', () => {
  it('groups records after an isNewConversation record into its conversation', () => {
    const records = [
      record(3, 'and at night?', { isNewConversation: false }),
      record(1, 'How high can I fly?', { isNewConversation: true }),
      record(2, 'What about near airports?'),
      record(10, 'How do I calibrate the IMU?', { isNewConversation: true }),
    ];
    const conversations = buildConversations(records);
    expect(conversations.map((c) => c.turns.map((t) => t.question))).toEqual([
      ['How high can I fly?', 'What about near airports?', 'and at night?'],
      ['How do I calibrate the IMU?'],
    ]);
    expect(conversations[0]?.title).toBe('How high can I fly?');
  });

  it('makes each record its own conversation when none has the flag', () => {
    const records = [record(1, 'One'), record(2, 'Two', { confidence: 0.5 }), record(3, '', null, ''), record(4, '', null, 'Only an answer')];
    const conversations = buildConversations(records);
    expect(conversations).toHaveLength(3);
    expect(conversations.map((c) => c.title)).toEqual(['One', 'Two', 'Only an answer']);
  });

  it('keeps records older than the first flagged one together', () => {
    const conversations = buildConversations([record(1, 'Old'), record(2, 'Older follow-up'), record(3, 'New', { isNewConversation: true })]);
    expect(conversations.map((c) => c.turns.length)).toEqual([2, 1]);
  });

  it('takes the first drone context of the conversation', () => {
    const [c] = buildConversations([
      record(1, 'Hi', { isNewConversation: true, droneContext: null }),
      record(2, 'RTH?', { droneContext: drone('DJI', 'Mini 4 Pro') }),
    ]);
    expect(c?.drone).toEqual(drone('DJI', 'Mini 4 Pro'));
  });

  it('returns nothing for no records', () => {
    expect(buildConversations([])).toEqual([]);
  });
});

describe('historyTitle', () => {
  it('cuts titles at 60 characters', () => {
    const long = 'a'.repeat(59) + ' bcdefgh';
    const title = historyTitle(long);
    expect(title).toBe(`${'a'.repeat(59)}…`);
    expect(historyTitle('x'.repeat(60))).toBe('x'.repeat(60));
    expect(historyTitle('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
  });
});

describe('sortConversations', () => {
  const conversations = buildConversations([
    record(1, 'A', { isNewConversation: true, droneContext: drone('Parrot', 'Anafi') }),
    record(2, 'B', { isNewConversation: true }),
    record(3, 'C', { isNewConversation: true, droneContext: drone('DJI', 'Mini 4 Pro') }),
    record(4, 'D', { isNewConversation: true, droneContext: drone('DJI', 'Avata 2') }),
    record(5, 'E', { isNewConversation: true, droneContext: drone('Other', null, { customManufacturer: 'BetaFPV', customModel: 'Cetus' }) }),
    record(6, 'F', { isNewConversation: true }),
  ]);
  const titles = (sort: Parameters<typeof sortConversations>[1]) => sortConversations(conversations, sort).map((c) => c.title);

  it('sorts newest first by default and oldest first on request', () => {
    expect(titles('newest')).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(titles('oldest')).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('sorts by maker then model, with a drone before without', () => {
    expect(titles('drone')).toEqual(['E', 'D', 'C', 'A', 'F', 'B']);
  });

  it('labels drones with custom names standing in for Other', () => {
    expect(droneLabel(drone('Other', null, { customManufacturer: 'BetaFPV', customModel: 'Cetus' }))).toBe('BetaFPV Cetus');
    expect(droneLabel(drone('DJI', 'Mini 4 Pro'))).toBe('DJI Mini 4 Pro');
    expect(droneLabel(drone(null, null))).toBeNull();
  });
});
