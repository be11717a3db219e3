import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queries } from '../../src/server/db/schema/index.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';
import type { QueryResponse } from '../../src/shared/assistant.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * With LLM_* set, the retrieved passages ground the model's answer through the `ai` SDK; the sources
 * stay the retrieved ones. A failing or slow model falls back to the embedded answer and says so.
 * The model is a local OpenAI-compatible chat endpoint.
 */

let llm: Server;
let requests: { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[];
let mode: 'answer' | 'fail' | 'slow';
let t: TestApp;

beforeAll(async () => {
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) as (typeof requests)[number]['body'] });
      if (mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model crashed"}}');
      const send = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'grounded-model',
            choices: [{ index: 0, message: { role: 'assistant', content: 'From the passages: stay at or below 400 feet AGL.' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      if (mode === 'slow') setTimeout(send, 5000);
      else send();
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
    LLM_MODEL: 'grounded-model',
    LLM_API_KEY: 'sk-test',
    LLM_TIMEOUT_MS: '1500',
  });
  // The shipped sections' vectors come from knowledge/vectors/*.json (ADR 0065): no embedding here.
  await syncShippedKnowledge(t.db, loadArticles());
}, 180_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => llm.close(() => r()));
});
beforeEach(() => {
  requests = [];
  mode = 'answer';
});

const ask = (u: SignedInUser, question: string) =>
  t.app.inject({ method: 'POST', url: '/api/query', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { question, userId: u.userId } });

describe('with a model configured', () => {
  it('grounds the model in the retrieved passages and keeps their sources', async () => {
    const u = await createUser(t, 'llm', 'admin');
    const res = await ask(u, 'How high can I legally fly my drone?');
    expect(res.statusCode).toBe(200);
    const body = res.json<QueryResponse>();
    expect(body.answer).toMatch(/^From the passages: stay at or below 400 feet AGL\./);
    expect(body.answer).toContain('Sources:');
    expect(body.context.sources.length).toBeGreaterThan(0);
    expect(body.context.answeredBy).toBe('grounded-model');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.auth).toBe('Bearer sk-test');
    expect(requests[0]?.body.model).toBe('grounded-model');
    const prompt = requests[0]?.body.messages.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('Question: How high can I legally fly my drone?');
    expect(prompt).toMatch(/400 feet/);
    const [row] = await t.db.select().from(queries).where(eq(queries.userId, u.userId));
    expect(row?.modelUsed).toBe('grounded-model');
  });

  it('falls back to the knowledge base, and says so, when the model fails', async () => {
    mode = 'fail';
    const u = await createUser(t, 'llm-fail', 'admin');
    const body = (await ask(u, 'How should I store my drone batteries?')).json<QueryResponse>();
    expect(body.answer).toContain('The AI model failed or was too slow, so this answer comes from the built-in knowledge base.');
    expect(body.answer.toLowerCase()).toContain('storage');
    expect(body.context.answeredBy).toBe('knowledge-base');
  });

  it('falls back when the model is slower than LLM_TIMEOUT_MS', async () => {
    mode = 'slow';
    const u = await createUser(t, 'llm-slow', 'admin');
    const started = Date.now();
    const body = (await ask(u, 'How do I calibrate the IMU?')).json<QueryResponse>();
    expect(Date.now() - started).toBeLessThan(4500);
    expect(body.answer).toContain('comes from the built-in knowledge base');
    expect(body.context.sources.length).toBeGreaterThan(0);
  });

  it('does not send off-topic questions to the model', async () => {
    const u = await createUser(t, 'llm-offtopic', 'admin');
    const body = (await ask(u, 'What is a good recipe for banana bread?')).json<QueryResponse>();
    expect(body.answer).toMatch(/I can only help with drones/);
    expect(requests).toHaveLength(0);
  });
});
