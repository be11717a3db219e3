import { describe, expect, it } from 'vitest';
import { TTS_TEXT_MAX } from '../../../shared/assistant.ts';
import { speechText } from './speech-text.ts';

describe('speechText', () => {
  it('keeps a short answer whole, without markdown marks', () => {
    expect(speechText('**Fly** below 400 feet.\n\n- Keep it in sight.')).toBe('Fly below 400 feet. Keep it in sight.');
  });

  it('drops the trailing source list', () => {
    expect(speechText('Stay under 400 feet.\n\nSources:\n- 14 CFR 107.51')).toBe('Stay under 400 feet.');
  });

  it('cuts a long answer after the last whole sentence within the limit', () => {
    const sentence = 'Calibrate the compass away from metal and cars. ';
    const text = speechText(sentence.repeat(20));
    expect(text.length).toBeLessThanOrEqual(TTS_TEXT_MAX);
    expect(text.endsWith('cars.')).toBe(true);
    expect(text.length).toBeGreaterThan(TTS_TEXT_MAX - sentence.length);
  });

  it('cuts at a word when no sentence ends in range', () => {
    const text = speechText('word '.repeat(200));
    expect(text.length).toBeLessThanOrEqual(TTS_TEXT_MAX);
    expect(text.endsWith('word')).toBe(true);
  });

  it('does not treat a decimal point as a sentence end', () => {
    const long = `Version 1.2 ${'x'.repeat(500)}`;
    expect(speechText(long).startsWith('Version 1.2')).toBe(true);
  });
});
