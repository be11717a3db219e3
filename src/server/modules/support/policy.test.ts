import { describe, expect, it } from 'vitest';
import { userIdMatches } from './policy.ts';

describe('userIdMatches', () => {
  it('accepts no userId or the caller’s own', () => {
    expect(userIdMatches('u1', undefined)).toBe(true);
    expect(userIdMatches('u1', 'u1')).toBe(true);
  });

  it("refuses anyone else's, including an empty string", () => {
    expect(userIdMatches('u1', 'u2')).toBe(false);
    expect(userIdMatches('u1', '')).toBe(false);
  });
});
