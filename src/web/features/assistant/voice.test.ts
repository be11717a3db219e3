import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES } from '../../../shared/assistant.ts';
import { cooldownLeft, initialVoiceState, transcriptAction, VOICE_ERROR_TEXTS, voiceReducer, type VoiceEvent, type VoiceState } from './voice.ts';

const run = (events: VoiceEvent[], from: VoiceState = initialVoiceState) => events.reduce(voiceReducer, from);

describe('voice state machine', () => {
  it('goes idle → listening → processing → idle', () => {
    const listening = run([{ type: 'listen' }]);
    expect(listening.status).toBe('listening');
    const processing = voiceReducer(listening, { type: 'question', at: 1000 });
    expect(processing).toEqual({ status: 'processing', error: null, lastQueryAt: 1000 });
    expect(voiceReducer(processing, { type: 'answered' }).status).toBe('idle');
  });

  it('does not start listening while a question is processing', () => {
    const processing = run([{ type: 'listen' }, { type: 'question', at: 1 }]);
    expect(voiceReducer(processing, { type: 'listen' }).status).toBe('processing');
  });

  it('returns to idle when recognition ends without a result or is stopped', () => {
    expect(run([{ type: 'listen' }, { type: 'ended' }]).status).toBe('idle');
    expect(run([{ type: 'listen' }, { type: 'stopped' }]).status).toBe('idle');
  });

  it('gives the spec texts for errors', () => {
    expect(run([{ type: 'listen' }, { type: 'error', code: 'no-speech' }])).toMatchObject({ status: 'idle', error: ASSISTANT_MESSAGES.noSpeech });
    expect(run([{ type: 'listen' }, { type: 'error', code: 'not-allowed' }]).error).toBe(VOICE_ERROR_TEXTS['not-allowed']);
    expect(run([{ type: 'listen' }, { type: 'error', code: 'not-allowed' }]).error).toMatch(/blocked the microphone.*set Microphone to Allow/);
    // No raw error code reaches the page, known or not.
    for (const code of ['audio-capture', 'network', 'service-not-allowed', 'bad-grammar']) {
      expect(run([{ type: 'listen' }, { type: 'error', code }]).error).not.toContain(code);
    }
    expect(run([{ type: 'start-failed' }])).toMatchObject({ status: 'idle', error: ASSISTANT_MESSAGES.speechStartFailed });
  });

  it('does not report its own abort', () => {
    expect(run([{ type: 'listen' }, { type: 'error', code: 'aborted' }])).toMatchObject({ status: 'idle', error: null });
  });

  it('clears an error when listening again', () => {
    expect(run([{ type: 'listen' }, { type: 'error', code: 'network' }, { type: 'listen' }])).toMatchObject({ status: 'listening', error: null });
  });
});

describe('cooldown', () => {
  it('counts down 5 s from the last voice question', () => {
    expect(cooldownLeft(null, 10_000)).toBe(0);
    expect(cooldownLeft(10_000, 11_000)).toBe(4000);
    expect(cooldownLeft(10_000, 15_000)).toBe(0);
    expect(cooldownLeft(10_000, 20_000)).toBe(0);
  });
});

describe('transcriptAction', () => {
  it('recognises the start and stop phrases', () => {
    expect(transcriptAction('Start listening.')).toBe('start');
    expect(transcriptAction('stop listening')).toBe('stop');
  });

  it('recognises the end-of-conversation phrases', () => {
    expect(transcriptAction('Goodbye!')).toBe('end-conversation');
    expect(transcriptAction("That's all")).toBe('end-conversation');
    expect(transcriptAction('ok thanks')).toBe('end-conversation');
  });

  it('treats everything else as a question and blank as nothing', () => {
    expect(transcriptAction('How do I calibrate the compass?')).toBe('ask');
    expect(transcriptAction('   ')).toBe('ignore');
  });
});
