import { describe, expect, it } from 'vitest';
import { OFF_TOPIC_DECLINE_AT, offTopicOdds, type OffTopicFeatures } from './off-topic-odds.ts';

// Features as the engine measured them for two tuning-set questions (run-eval.ts --dump).
// "battery drains super fast in cold weather what can i do", then "how do i register my boat in michigan".
const pilots: OffTopicFeatures = { confidence: 0.43, similarity: 0.72, pilots: 0.77, coverage: 0.5, unknown: 0, namesDrones: 0, offtopicLead: -0.08, offtopicOverAll: -0.08, outsideLead: -0.18 };
const otherSubject: OffTopicFeatures = { confidence: 0.12, similarity: 0.49, pilots: 0.27, coverage: 0.34, unknown: 0.33, namesDrones: 0, offtopicLead: -0.06, offtopicOverAll: -0.06, outsideLead: -0.06 };

describe('the off-topic odds', () => {
  it('are high for a question far from the sections and near the pilots’ off-topic questions, low for a close pilot’s one', () => {
    expect(offTopicOdds(otherSubject)).toBeGreaterThanOrEqual(OFF_TOPIC_DECLINE_AT);
    expect(offTopicOdds(pilots)).toBeLessThan(0.3);
  });

  it('fall when the question names something only drones have, or when the answer is surer', () => {
    expect(offTopicOdds({ ...otherSubject, namesDrones: 1 })).toBeLessThan(offTopicOdds(otherSubject));
    expect(offTopicOdds({ ...otherSubject, confidence: 0.6 })).toBeLessThan(offTopicOdds(otherSubject));
    expect(offTopicOdds({ ...otherSubject, offtopicLead: 0.1, offtopicOverAll: 0.1 })).toBeGreaterThan(offTopicOdds(otherSubject));
  });
});
