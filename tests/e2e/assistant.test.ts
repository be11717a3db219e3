import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, CONVERSATION_STORAGE_KEY, type ChatMessage } from '../../src/shared/assistant.ts';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { DESKTOP, devSignIn, MOBILE, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';

// One server for the whole file: the embedded knowledge base answers, the embedded synthesiser speaks.
const stack = useE2eStack();

const answers = (page: Page) => page.getByTestId('ai-message');

/** Waits for the n-th answer (1-based) and returns it. */
async function nthAnswer(page: Page, n: number) {
  await expect.poll(() => answers(page).count(), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(n);
  return answers(page).nth(n - 1);
}

/** A sourced answer with its confidence as a rounded percent. */
async function expectSourcedAnswer(page: Page, n: number) {
  const answer = await nthAnswer(page, n);
  await expectText(answer.getByTestId('confidence'), /^Confidence \d{1,3}%$/);
  expect(await answer.getByTestId('answer-sources').locator('li').count()).toBeGreaterThan(0);
  expect((await answer.getByTestId('message-text').innerText()).length).toBeGreaterThan(40);
  return answer;
}

async function typeQuestion(page: Page, question: string, via: 'button' | 'enter' = 'button') {
  const input = page.getByRole('textbox', { name: 'Your question' });
  await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
  await input.fill(question);
  if (via === 'enter') await input.press('Enter');
  else await page.getByRole('button', { name: 'Send question' }).click();
}

/**
 * A SpeechRecognition stand-in (the browser API is the boundary): start() hears `window.__nextTranscript`
 * (or fails with "error:<code>") after a short delay, then ends. Every instance is kept so the test can read its settings. Media play()
 * calls are recorded with the element's source.
 */
function installVoiceStandIns() {
  type Handler<E> = ((event: E) => void) | null;
  const w = window as unknown as Record<string, unknown> & { __recognitions: unknown[]; __played: string[]; __nextTranscript: string };
  w.__recognitions = [];
  w.__played = [];
  w.__nextTranscript = '';
  class StandInRecognition {
    lang = '';
    continuous = true;
    interimResults = true;
    maxAlternatives = 5;
    onresult: Handler<{ results: { transcript: string }[][] }> = null;
    onerror: Handler<{ error: string }> = null;
    onend: (() => void) | null = null;
    constructor() {
      w.__recognitions.push(this);
    }
    start() {
      const transcript = w.__nextTranscript;
      setTimeout(() => {
        // "error:<code>" plays a recognition error instead of a result.
        if (transcript.startsWith('error:')) this.onerror?.({ error: transcript.slice('error:'.length) });
        else this.onresult?.({ results: [[{ transcript }]] });
        this.onend?.();
      }, 200);
    }
    stop() {
      this.onend?.();
    }
    abort() {}
  }
  w.SpeechRecognition = StandInRecognition;
  const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (this: HTMLMediaElement) => Promise<void>;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    w.__played.push(this.src);
    return play.call(this);
  };
}

function removeSpeechRecognition() {
  const w = window as unknown as Record<string, unknown>;
  delete w.SpeechRecognition;
  delete w.webkitSpeechRecognition;
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: undefined, configurable: true });
}

const ttsOk = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/text-to-speech' && r.request().method() === 'POST', { timeout: 30_000 });

describe('home chat', () => {
  it('answers a basic user three times with sources and confidence, then shows the limit message', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('chat.basic'), 'basic');
    await visitSignedIn(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Your AI-powered drone support assistant' }).waitFor();
    await expectText(page.getByTestId('query-limit-used'), '0 of 3 weekly queries used');
    await expectText(page.getByTestId('query-limit-remaining'), '3 remaining');
    await page.getByTestId('help-tip').waitFor();

    // A blank question is not sent.
    await page.getByRole('textbox', { name: 'Your question' }).fill('   ');
    expect(await page.getByRole('button', { name: 'Send question' }).isDisabled()).toBe(true);

    // The chat's flow is tested here; which section answers is the evaluation's (npm run eval:assistant).
    await typeQuestion(page, 'How high can I legally fly my drone?');
    const first = await expectSourcedAnswer(page, 1);
    expect(await first.innerText()).toMatch(/400/);
    await expect.poll(() => page.getByTestId('help-tip').count()).toBe(0);

    // From the Common Questions list.
    await page.getByRole('button', { name: 'How should I store my drone batteries?' }).click();
    await page.getByTestId('user-message').nth(1).getByText('How should I store my drone batteries?').waitFor();
    await expectSourcedAnswer(page, 2);

    await typeQuestion(page, 'How do I calibrate the compass?', 'enter');
    await expectSourcedAnswer(page, 3);
    await expectText(page.getByTestId('query-limit-used'), '3 of 3 weekly queries used');
    await expectText(page.getByTestId('query-limit-remaining'), '0 remaining');

    // Past the limit, and an unbroken question as long as the field allows: it wraps in its bubble
    // instead of widening the chat past the window.
    await typeQuestion(page, 'x'.repeat(1000));
    const limited = await nthAnswer(page, 4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const bubble = await page.getByTestId('user-message').nth(3).getByTestId('message-text').boundingBox();
    expect((bubble?.x ?? 0) + (bubble?.width ?? Infinity)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    const text = await limited.getByTestId('message-text').innerText();
    expect(text.startsWith('⚠️ ')).toBe(true);
    expect(text).toContain(ASSISTANT_MESSAGES.limitReached);
    // What the plan allows and when it resets (issue 16).
    expect(text).toContain('3 of 3 weekly questions used; resets Monday 00:00 UTC.');
    expect(await limited.getByTestId('retry-query').count()).toBe(0);

    // The conversation survives a reload, and a new conversation clears it.
    await page.reload();
    await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(4);
    expect(await page.evaluate((key) => localStorage.getItem(key) !== null, CONVERSATION_STORAGE_KEY)).toBe(true);
    const reset = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reset-conversation');
    await page.getByRole('button', { name: 'New conversation' }).click();
    expect((await reset).ok()).toBe(true);
    await expect.poll(() => answers(page).count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONVERSATION_STORAGE_KEY)).toBeNull();
  });

  it('asks by voice, reads the answer aloud and lists the conversation in Chat History', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await page.addInitScript(installVoiceStandIns);
    await devSignIn(page, uniqueEmail('chat.voice'), 'business');
    // A named business: otherwise the setup modal (doc 2 §2) opens over home.
    expect((await page.request.post('/api/business-profile/setup', { data: { companyName: 'Voice Test Co' } })).ok()).toBe(true);
    await visitSignedIn(page, '/');
    await expectText(page.getByTestId('query-limit-unlimited'), 'Business Plan - Unlimited Queries');

    const question = 'What should be on my pre-flight checklist?';
    await page.evaluate((q) => ((window as unknown as { __nextTranscript: string }).__nextTranscript = q), question);
    const spoken = ttsOk(page);
    const mic = page.getByRole('button', { name: /^Start listening/ });
    expect(await mic.getAttribute('title')).toContain('"stop listening"');
    await mic.click();
    await page.getByTestId('user-message').getByText(question).waitFor();
    await expectSourcedAnswer(page, 1);
    const settings = await page.evaluate(() => {
      const r = (window as unknown as { __recognitions: Record<string, unknown>[] }).__recognitions[0] ?? {};
      return { lang: r.lang, continuous: r.continuous, interimResults: r.interimResults, maxAlternatives: r.maxAlternatives };
    });
    expect(settings).toEqual({ lang: 'en-US', continuous: false, interimResults: false, maxAlternatives: 1 });

    // The answer to a voice question is read aloud at once; the 5-second cooldown holds the microphone.
    expect((await spoken).status()).toBe(200);
    await expect.poll(() => page.getByTestId('microphone').isDisabled()).toBe(true);

    // A typed question's answer plays from its speaker button.
    await typeQuestion(page, 'What wind speed is too strong to fly?');
    const answer = await expectSourcedAnswer(page, 2);
    const requested = ttsOk(page);
    await answer.getByRole('button', { name: 'Read the answer aloud' }).click();
    const response = await requested;
    expect(response.status()).toBe(200);
    const sent = response.request().postDataJSON() as { text: string };
    expect(sent.text.length).toBeGreaterThan(0);
    expect(sent.text.length).toBeLessThanOrEqual(400);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __played: string[] }).__played.filter((s) => s.startsWith('blob:')).length))
      .toBeGreaterThanOrEqual(2);

    // "goodbye" ends the conversation once the cooldown is over.
    await page.evaluate(() => ((window as unknown as { __nextTranscript: string }).__nextTranscript = 'Goodbye.'));
    await expect.poll(() => page.getByTestId('microphone').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: /^Start listening/ }).click();
    await expect.poll(() => answers(page).count(), { timeout: 10_000 }).toBe(0);

    // Silence gives the spec's text and a Try Again, which listens again ("stop listening" just stops).
    await page.evaluate(() => ((window as unknown as { __nextTranscript: string }).__nextTranscript = 'error:no-speech'));
    await page.getByRole('button', { name: /^Start listening/ }).click();
    await expectText(page.getByTestId('voice-error'), ASSISTANT_MESSAGES.noSpeech);
    await page.evaluate(() => ((window as unknown as { __nextTranscript: string }).__nextTranscript = 'stop listening'));
    await page.getByTestId('voice-retry').click();
    await expect.poll(() => page.getByTestId('voice-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('microphone').getAttribute('data-state')).toBe('idle');
    expect(await page.getByTestId('user-message').count()).toBe(0);

    // A blocked microphone says what happened and how to allow it, in words, never "Error: not-allowed" (issue 16).
    await page.evaluate(() => ((window as unknown as { __nextTranscript: string }).__nextTranscript = 'error:not-allowed'));
    await page.getByRole('button', { name: /^Start listening/ }).click();
    await expectText(page.getByTestId('voice-error'), /blocked the microphone.*set Microphone to Allow/);
    expect(await page.getByTestId('voice-error').textContent()).not.toContain('not-allowed');
    const micAxe = await seriousAccessibilityViolations(page);
    expect(micAxe.violations, micAxe.report).toEqual([]);

    await visitSignedIn(page, '/profile');
    await page.getByRole('tab', { name: 'Chat History' }).click();
    const history = page.getByTestId('chat-history');
    const items = history.getByTestId('history-conversation');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const titles = await history.getByTestId('history-title').allInnerTexts();
    expect(titles.some((t) => t === question || t.startsWith('What wind speed'))).toBe(true);
    const conversation = items.filter({ hasText: question }).first();
    await conversation.getByRole('button').first().click();
    await expectText(conversation.getByTestId('history-turns'), question);

    // Oldest first puts the voice question's conversation at the top.
    await history.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    await expectText(history.getByTestId('history-title').first(), question);
  });

  it('says so when the browser has no speech recognition; a failed question offers Try Again', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await page.addInitScript(removeSpeechRecognition);
    await devSignIn(page, uniqueEmail('chat.nospeech'), 'admin');
    await visitSignedIn(page, '/');
    await expectText(page.getByTestId('query-limit-unlimited'), 'Admin Account - Unlimited Queries');
    await page.getByRole('button', { name: /^Start listening/ }).click();
    await expectText(page.getByTestId('voice-unsupported'), ASSISTANT_MESSAGES.speechUnsupported);

    // The server failing once: "Error: " and the error text, then Try Again asks again.
    let failures = 0;
    await page.route('**/api/query', async (route) => {
      if (failures++ > 0) return route.fallback();
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something broke', code: 'INTERNAL' }) });
    });
    await typeQuestion(page, 'Can I fly my drone at night?');
    const failed = await nthAnswer(page, 1);
    await expectText(failed.getByTestId('message-text'), 'Error: 500: Something broke');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expectSourcedAnswer(page, 1);
    expect(await page.getByTestId('user-message').count()).toBe(1);

    // A failed playback hides the speaker controls, silently.
    await page.route('**/api/text-to-speech', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Speech failed' }));
    await (await nthAnswer(page, 1)).getByRole('button', { name: 'Read the answer aloud' }).click();
    await expect.poll(() => page.getByTestId('speak-answer').count()).toBe(0);

    // The bug icon opens the bug report.
    await page.getByRole('button', { name: 'Report a bug' }).click();
    await page.getByRole('dialog', { name: 'Report a bug' }).waitFor();
  });

  it('offers the closest topics when unsure, and a click on one asks it', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('chat.choices'), 'admin');
    await visitSignedIn(page, '/');
    // Near several topics (density altitude, wind, cold) and clearly none: a clarifying answer with choices.
    await typeQuestion(page, 'best way to fly in the mountains');
    const unsure = await nthAnswer(page, 1);
    const choices = unsure.getByTestId('topic-choice');
    await expect.poll(() => choices.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await choices.count()).toBeLessThanOrEqual(3);
    await saveScreenshot(page, 'assistant-topic-choices');
    const chosen = (await choices.first().innerText()).trim();
    await choices.first().click();
    // The chosen topic is asked as the pilot's next question (a heading's question part when it has one),
    // then answered with its sources.
    const asked = /^[^?]{3,}\?/.exec(chosen)?.[0] ?? chosen;
    await expectText(page.getByTestId('user-message').nth(1).getByTestId('message-text'), asked);
    const answered = await expectSourcedAnswer(page, 2);
    expect(await answered.getByTestId('topic-choices').count()).toBe(0);
  });

  it('shows the loading indicator, then the "Thinking deeply" notice after 10 s', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await page.clock.install();
    await devSignIn(page, uniqueEmail('chat.slow'), 'developer');
    await visitSignedIn(page, '/');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/query', async (route) => {
      await held;
      await route.fallback();
    });
    await typeQuestion(page, 'How do I fly an orbit around a subject?');
    await page.getByTestId('pending-answer').waitFor();
    expect(await page.getByRole('textbox', { name: 'Your question' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('thinking-notice').count()).toBe(0);
    await page.clock.fastForward(10_500);
    await expectText(page.getByTestId('thinking-notice'), ASSISTANT_MESSAGES.thinking);
    release();
    await expectSourcedAnswer(page, 1);
    expect(await page.getByTestId('pending-answer').count()).toBe(0);
  });
});

/** A saved conversation, restored on load (and scrolled to its end), as the screenshots show it. */
const SAVED: ChatMessage[] = [
  { type: 'user', text: 'How high can I legally fly my drone?', timestamp: '2026-11-22T09:00:00.000Z' },
  {
    type: 'ai',
    text: 'Under Part 107 you may fly up to 400 feet above ground level, or higher within 400 feet of a structure.\n\nKeep the drone within visual line of sight:\n- you or a visual observer must see it at all times\n- no binoculars or FPV goggles as the only means',
    timestamp: '2026-11-22T09:00:02.000Z',
    confidence: 0.86,
    sources: [
      { title: 'Part 107 operating limits', citation: '14 CFR 107.51', url: 'https://www.ecfr.gov/current/title-14/part-107' },
      { title: 'Part 107 operating limits', citation: '14 CFR 107.31', url: 'https://www.ecfr.gov/current/title-14/part-107' },
    ],
  },
  { type: 'user', text: 'What about my Mini 4 Pro in strong wind?', timestamp: '2026-11-22T09:01:00.000Z' },
  {
    type: 'ai',
    text: 'The Mini 4 Pro resists wind up to Level 5 (about 24 mph). Land early when the app warns of strong wind.',
    timestamp: '2026-11-22T09:01:02.000Z',
    confidence: 0.55,
    sources: [{ title: 'DJI Mini 4 Pro User Manual', citation: 'Specifications', url: null }],
  },
  { type: 'user', text: 'Tell me a joke', timestamp: '2026-11-22T09:02:00.000Z' },
  { type: 'ai', text: 'I can only help with drones.', timestamp: '2026-11-22T09:02:01.000Z', confidence: 0.2, sources: [] },
  { type: 'user', text: 'Can I fly over people?', timestamp: '2026-11-22T09:03:00.000Z' },
  { type: 'ai', text: 'Error: 500: Internal Server Error', timestamp: '2026-11-22T09:03:01.000Z', isError: true },
];

describe('home screenshots and accessibility', () => {
  for (const size of [DESKTOP, MOBILE]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`at ${size.width} px, ${colorScheme}`, async () => {
        const page = await stack.newPage({ width: size.width, height: size.height, colorScheme });
        await hideBetaBanner(page);
        await devSignIn(page, uniqueEmail('chat.shots'), 'pro');
        await visitSignedIn(page, '/');
        await page.getByTestId('query-limit-used').waitFor();
        await saveScreenshot(page, 'assistant-home-empty');

        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CONVERSATION_STORAGE_KEY, JSON.stringify(SAVED)] as const);
        await page.reload();
        await page.getByTestId('query-limit-used').waitFor();
        await expect.poll(() => answers(page).count()).toBe(4);
        // Two sections of one article are one line in the Sources box, with both citations.
        const limits = answers(page).first().getByTestId('answer-source');
        expect(await limits.allInnerTexts()).toEqual(['Part 107 operating limits · 14 CFR 107.51; 14 CFR 107.31']);
        // Opened with a saved conversation, the page shows its end.
        await expect.poll(() => page.evaluate(() => window.scrollY > 0)).toBe(true);
        await page.getByTestId('scroll-to-top').click();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await saveScreenshot(page, 'assistant-home-conversation');
        if (size === DESKTOP) {
          const { violations, report } = await seriousAccessibilityViolations(page);
          expect(violations, report).toEqual([]);
        }

        // One real question, so the Chat History tab has a conversation to show.
        await typeQuestion(page, 'How do I calibrate the IMU on my drone?');
        await expectSourcedAnswer(page, 5);
        await visitSignedIn(page, '/profile');
        await page.getByRole('tab', { name: 'Chat History' }).click();
        const item = page.getByTestId('history-conversation').first();
        await item.getByRole('button').first().click();
        await item.getByTestId('history-turns').waitFor();
        await saveScreenshot(page, 'assistant-chat-history');
        if (size === DESKTOP) {
          const { violations, report } = await seriousAccessibilityViolations(page);
          expect(violations, report).toEqual([]);
        }
      });
    }
  }
});
