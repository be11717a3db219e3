import { describe, expect, it } from 'vitest';
import { transpositions } from './search.ts';

describe('transpositions', () => {
  it('swaps each pair of neighbouring letters once, so a swapped pair in a typo is found', () => {
    expect(transpositions('regsiter')).toContain('register');
    expect(transpositions('abc')).toEqual(['bac', 'acb']);
  });

  it('skips a doubled letter, whose swap is the word itself', () => {
    expect(transpositions('mill')).toEqual(['imll', 'mlil']);
  });
});
