import { describe, expect, it } from 'vitest';
import { editDistance, isTypoOf, transpositions } from './search.ts';

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
