import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClarificationResponse, FlightLog, ImportResponse } from '../../src/shared/flight-logs/contract.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/** With LLM_* set, a model may propose the columns the rules do not know; the rules check the proposal. */

let llm: Server;
let prompts: string[];
let answer: string | null;
let t: TestApp;

beforeAll(async () => {
  prompts = [];
  // A local OpenAI-compatible chat endpoint answering what the test sets (or failing when null).
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      prompts.push(raw);
      if (answer === null) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  t = await createTestApp({ LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => llm.close(() => r()));
});

// Headers no rule knows: "Up for" is the duration, "Kit" the drone.
const FILE = 'Flown on,Up for (min),Kit,Spot\n2024-02-01,25,Survey Mavic,Pier 7\n2024-02-03,31,Survey Mavic,Crissy Field\n';

const importCsv = (u: SignedInUser, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/flight-logs/import/csv', headers: { ...u.headers, origin: TEST_ORIGIN, 'content-type': 'text/csv' }, payload: body });
const clarify = (u: SignedInUser, sessionId: string, clarification: string) =>
  t.app.inject({ method: 'POST', url: '/api/flight-logs/import/csv/clarify', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { sessionId, clarification } });

async function pilotWithDrone(label: string) {
  const u = await createUser(t, label, 'pro');
  const res = await t.app.inject({ method: 'POST', url: '/api/drones', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { serialNumber: 'SN-9', manufacturer: 'DJI', model: 'Mavic 3', name: 'Survey Mavic' } });
  expect(res.statusCode).toBe(201);
  return u;
}
const logsOf = async (u: SignedInUser) => (await t.app.inject({ url: '/api/flight-logs', headers: u.headers })).json<{ flightLogs: FlightLog[] }>().flightLogs;

describe('a model proposes the column mapping', () => {
  it('a proposal the values bear out is used, with a lower confidence', async () => {
    answer = '```json\n{"date": "Flown on", "duration": "Up for (min)", "drone": "Kit", "location": "Spot"}\n```';
    const u = await pilotWithDrone('llm-used');
    const before = prompts.length;
    const res = await importCsv(u, FILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResponse>()).toMatchObject({ imported: 2, createdDrones: 0, confidence: 0.7, format: 'logbook' });
    expect(prompts.length).toBe(before + 1);
    expect(prompts.at(-1)).toContain('Flown on | Up for (min) | Kit | Spot');
    expect((await logsOf(u)).map((l) => [l.flightDate, l.flightDuration, l.droneName, l.location])).toEqual([
      ['2024-02-03', 31, 'Survey Mavic', 'Crissy Field'],
      ['2024-02-01', 25, 'Survey Mavic', 'Pier 7'],
    ]);
  });

  it('a proposal the values contradict, or a header that does not exist, is not used: the pilot is asked', async () => {
    answer = '{"date": "Flown on", "duration": "Flown on", "drone": "Aircraft"}';
    const u = await pilotWithDrone('llm-refused');
    const res = await importCsv(u, FILE);
    expect(res.statusCode).toBe(400);
    const q = res.json<ClarificationResponse>();
    expect(q.question).toMatch(/^I could not tell which column holds each flight's duration/);
    const calls = prompts.length;
    const done = await clarify(u, q.sessionId, 'Up for (min)');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ImportResponse>()).toMatchObject({ imported: 2 });
    // The model was asked once per import, not again for the answer.
    expect(prompts.length).toBe(calls);
  });

  it('a model that fails leaves the rules and the pilot to decide', async () => {
    answer = null;
    const u = await pilotWithDrone('llm-down');
    const res = await importCsv(u, FILE);
    expect(res.statusCode).toBe(400);
    const q = res.json<ClarificationResponse>();
    const done = await clarify(u, q.sessionId, '2');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ImportResponse>()).toMatchObject({ imported: 2 });
  });

  it('files the rules understand never reach the model', async () => {
    answer = '{}';
    const u = await pilotWithDrone('llm-unneeded');
    const before = prompts.length;
    const res = await importCsv(u, 'Date,Duration (min),Drone\n2024-02-01,25,Survey Mavic\n');
    expect(res.json<ImportResponse>()).toMatchObject({ imported: 1, confidence: 0.92 });
    expect(prompts.length).toBe(before);
  });
});
