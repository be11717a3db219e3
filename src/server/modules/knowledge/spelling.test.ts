import { describe, expect, it } from 'vitest';
import { correctSpelling, doubledLetters, editDistance, isTypoOf, transpositions } from './search.ts';

describe('spelling corrections that look like typing slips', () => {
  it('counts letters inserted, deleted or replaced', () => {
    expect(editDistance('legaly', 'legally')).toBe(1);
    expect(editDistance('recieve', 'receive')).toBe(2);
    expect(editDistance('deer', 'deeper')).toBe(2);
  });

  it.each([
    ['legaly', 'legally'],
    ['regester', 'register'],
    ['recieve', 'receive'],
    ['batery', 'battery'],
    ['compas', 'compass'],
  ])('takes %s → %s', (word, fix) => expect(isTypoOf(word, fix)).toBe(true));

  it.each([
    ['deer', 'deeper'],
    ['lawn', 'law'],
    ['router', 'route'],
    ['restraining', 'raining'],
    ['picnic', 'pic'],
  ])('leaves %s alone rather than turn it into %s', (word, fix) => expect(isTypoOf(word, fix)).toBe(false));
});

describe('transpositions', () => {
  it('swaps each pair of neighbouring letters once, so a swapped pair in a typo is found', () => {
    expect(transpositions('regsiter')).toContain('register');
    expect(transpositions('abc')).toEqual(['bac', 'acb']);
  });

  it('skips a doubled letter, whose swap is the word itself', () => {
    expect(transpositions('mill')).toEqual(['imll', 'mlil']);
  });
});

describe('correctSpelling from the vocabulary in memory', () => {
  const vocabulary = { sections: 100, counts: new Map([['compass', 40], ['compas', 2], ['register', 30], ['battery', 50], ['storage', 20]]) };
  // A database that fails: only an unknown word no swap fixes may reach it.
  const noDatabase = { execute: () => Promise.reject(new Error('no statement expected')) } as unknown as Parameters<typeof correctSpelling>[0];

  it('fixes a swap and a rare single-letter spelling of a common word without a statement, and leaves known words alone', async () => {
    const fixes = await correctSpelling(noDatabase, ['regsiter', 'compas', 'storage', 'battery'], vocabulary);
    expect([...fixes]).toEqual([['regsiter', 'register'], ['compas', 'compass']]);
  });

  it('does not take a doubled-letter word that is not RARE_SPELLING_RATIO times commoner', async () => {
    const close = { ...vocabulary, counts: new Map([['compass', 9], ['compas', 2]]) };
    expect((await correctSpelling(noDatabase, ['compas'], close)).size).toBe(0);
  });

  it('lists each letter doubled once', () => {
    expect(doubledLetters('abb')).toEqual(['aabb', 'abbb']);
  });
});
