import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiFlightAnalysisResponse } from '../../src/shared/weather/contract.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

/** POST /api/ai-flight-analysis: tiers, the embedded rule-based analysis, and the LLM path. */
const body = {
  weatherData: {
    wind: { speed: 9.5, gust: 13, direction: 250, unit: 'm/s' },
    temperature: { current: 12, unit: 'C' },
    visibility: { distance: 16000, unit: 'm' },
    precipitation: { probability: 10 },
    cloudCover: { percentage: 40 },
    kpIndex: { current: 2 },
    satellites: { visible: 20, locked: 17 },
  },
  pilotExperience: 'Intermediate',
  droneSpecs: { model: 'Sample drone', maxWindResistance: 10.7 },
};

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(async () => replay.close());
beforeEach(() => replay.reset());

const post = (t: TestApp, cookie: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/ai-flight-analysis', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload: payload as object });

describe('embedded analysis (no LLM configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(replay.env);
  });
  afterAll(async () => t.close());

  it('answers 401 signed out', async () => expect((await post(t, null, body)).statusCode).toBe(401));

  it.each<[Tier, number]>([
    ['basic', 403],
    ['hobbyist', 403],
    ['pro', 200],
    ['business', 200],
    ['business_pro', 200],
    ['enterprise', 200],
    ['admin', 200],
    ['super_admin', 200],
    ['developer', 200],
  ])('%s → %s', async (tier, status) => {
    const { cookie } = await t.signIn(`${tier}@example.com`, tier);
    const res = await post(t, cookie, body);
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(res.json<{ message: string }>().message).toContain('Pro, Business and Enterprise');
    }
  });

  it('writes the analysis from the factors, with the pilot defaults stated', async () => {
    const { cookie } = await t.signIn('pro-pilot@example.com', 'pro');
    const res = await post(t, cookie, body);
    const a = res.json<AiFlightAnalysisResponse>();
    expect(a).toMatchObject({ riskLevel: 'EXTREME', generatedBy: 'rules', error: null, flyWindow: null });
    expect(a.summary).toContain('Wind 9.5 m/s from the WSW is above the 6.9 m/s limit');
    expect(a.summary).toContain('No drone is registered yet');
    expect(a.recommendation).toMatch(/^Do not fly/);
    expect(a.confidence).toBeGreaterThan(0);
    expect(a.confidence).toBeLessThanOrEqual(100);
    // The spec's sample drone and 'Intermediate' are not what the analysis judges by.
    expect(a.summary).not.toContain('Sample drone');
    expect(a.pilot.experience).toBe('Beginner');
  });

  it("judges by the pilot's primary drone and logged hours once they exist", async () => {
    const { cookie } = await t.signIn('pro-with-drone@example.com', 'pro');
    const headers = { cookie, origin: TEST_ORIGIN };
    const drone = await t.app.inject({ method: 'POST', url: '/api/drones', headers, payload: { serialNumber: 'SN-ANALYSIS-1', manufacturer: 'DJI', model: 'Mavic 3', name: 'Survey Mavic' } });
    expect(drone.statusCode, drone.body).toBe(201);
    const { id } = drone.json<{ id: number }>();
    const log = await t.app.inject({ method: 'POST', url: '/api/flight-logs', headers, payload: { droneId: id, flightDate: '2024-05-04', flightDuration: 90 } });
    expect(log.statusCode, log.body).toBe(201);
    const a = (await post(t, cookie, body)).json<AiFlightAnalysisResponse>();
    expect(a.summary).toContain('Judged against your Survey Mavic');
    expect(a.summary).not.toContain('No drone is registered yet');
    expect(a.pilot).toMatchObject({ droneRegistered: true, droneName: 'Survey Mavic', flightHours: 1.5, windLimitSource: 'default' });
  });

  it('says when conditions improve when given the location', async () => {
    const { cookie } = await t.signIn('pro-pilot2@example.com', 'pro');
    const res = await post(t, cookie, { ...body, location: '43.70, -79.40', thresholds: { wind: 40, gusts: 60 } });
    const a = res.json<AiFlightAnalysisResponse>();
    expect(a.flyWindow).toMatch(/^(Good|No good window)/);
    expect(a.summary).toContain(a.flyWindow!);
  });

  it('still answers when the location cannot be resolved', async () => {
    const { cookie } = await t.signIn('pro-pilot3@example.com', 'pro');
    const res = await post(t, cookie, { ...body, location: 'Atlantis' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ flyWindow: null, generatedBy: 'rules' });
  });

  it.each([
    ['no weatherData', {}],
    ['wind in mph', { weatherData: { ...body.weatherData, wind: { speed: 5, unit: 'mph' } } }],
    ['a negative wind', { weatherData: { ...body.weatherData, wind: { speed: -1 } } }],
    ['an oversize pilotExperience', { ...body, pilotExperience: 'x'.repeat(61) }],
    ['unknown threshold keys', { ...body, thresholds: { windy: 3 } }],
  ])('%s answers 400', async (_label, payload) => {
    const { cookie } = await t.signIn('pro-pilot4@example.com', 'pro');
    expect((await post(t, cookie, payload)).statusCode).toBe(400);
  });
});

describe('with an OpenAI-compatible model configured', () => {
  let llm: Server;
  let llmUrl: string;
  let prompts: string[];
  let mode: 'json' | 'prose' | 'fail';
  let t: TestApp;

  beforeAll(async () => {
    prompts = [];
    // A local OpenAI-compatible chat endpoint: it echoes back a JSON answer (or fails, on request).
    llm = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        prompts.push(raw);
        if (mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
        const content =
          mode === 'json'
            ? 'Here you go:\n```json\n{"summary":"Strong west-southwest wind makes this a no-fly hour for your drone.","recommendation":"Stay on the ground and check again this afternoon."}\n```'
            : 'I think it is windy.';
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'test-model',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      });
    });
    await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
    llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    t = await createTestApp({ ...replay.env, LLM_BASE_URL: llmUrl, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => llm.close(() => r()));
  });

  it('lets the model write the words from the same factors; the risk level stays the rules’', async () => {
    mode = 'json';
    const { cookie } = await t.signIn('llm-pilot@example.com', 'pro');
    const a = (await post(t, cookie, body)).json<AiFlightAnalysisResponse>();
    expect(a).toMatchObject({
      generatedBy: 'llm',
      riskLevel: 'EXTREME',
      error: null,
      summary: 'Strong west-southwest wind makes this a no-fly hour for your drone.',
      recommendation: 'Stay on the ground and check again this afternoon.',
    });
    const sent = JSON.parse(prompts.at(-1)!) as { model: string; messages: { content: string }[] };
    expect(sent.model).toBe('test-model');
    expect(sent.messages.map((m) => m.content).join('\n')).toContain('Wind 9.5 m/s from the WSW is above the 6.9 m/s limit');
  });

  it('falls back to the built-in analysis when the model fails or answers without JSON', async () => {
    const { cookie } = await t.signIn('llm-pilot2@example.com', 'pro');
    for (const m of ['fail', 'prose'] as const) {
      mode = m;
      const a = (await post(t, cookie, body)).json<AiFlightAnalysisResponse>();
      expect(a).toMatchObject({ generatedBy: 'rules', riskLevel: 'EXTREME', error: 'The language model did not answer, so this is the built-in analysis.' });
      expect(a.summary).toContain('Wind 9.5 m/s');
    }
  });
});
