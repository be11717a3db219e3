import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula } from './csv-export.ts';

describe('csvCell', () => {
  it('neutralises = + - @ tab and carriage return at the start of text', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    expect(neutraliseFormula('a=1')).toBe('a=1');
  });

  it('quotes only when needed, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-3)).toBe('-3');
  });
});
