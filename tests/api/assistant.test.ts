import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyQueries, drones, flightLogs, knowledgeSections, queries } from '../../src/server/db/schema/index.ts';
import { knowledgeVersion, nearestSections, QUESTION_OFFSET } from '../../src/server/modules/knowledge/embeddings.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { leaveOutExamplesOf, questionExamples, readQuestionExamplesFile, sectionLabel } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { rebuildVocabulary, syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';
import type { QueryRecord, QueryResponse } from '../../src/shared/assistant.ts';
import { OFF_TOPIC_ANSWER, OTHER_READINGS_LEAD } from '../../src/server/modules/assistant/compose-answer.ts';
import { DECLINE_UNSURE_BELOW, EXTRA_SECTIONS_MAX, OTHER_ARTICLE_BELOW, SCOPE_REPLY_CONFIDENCE } from '../../src/server/modules/assistant/answer-engine.ts';
import { harmRefusal } from '../../src/server/modules/assistant/policy.ts';
import { periodStart, utcDay } from '../../src/shared/periods.ts';
import { addDailyQueries, createUser, makePilot, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/** POST /api/query, POST /api/reset-conversation, GET /api/queries on a real database (spec doc 1 §7). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The shipped sections' vectors come from knowledge/vectors/*.json (ADR 0065): no embedding here.
  await syncShippedKnowledge(t.db, loadArticles());
}, 180_000);
afterAll(async () => t.close());

const ask = (u: SignedInUser, question: string, userId = u.userId) =>
  t.app.inject({ method: 'POST', url: '/api/query', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { question, userId } });
const reset = (u: SignedInUser, userId = u.userId) =>
  t.app.inject({ method: 'POST', url: '/api/reset-conversation', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { userId } });
const history = (u: SignedInUser) => t.app.inject({ method: 'GET', url: '/api/queries', headers: u.headers });
const storedQueries = async (userId: string) => t.db.select().from(queries).where(eq(queries.userId, userId));
const tierOf = async (u: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/tier/${u.userId}`, headers: u.headers })).json<{ queryCount: number; queryLimit: number | null }>();

describe('answers', () => {
  it('answers a rules question from the knowledge base, fact first, with its sources and a high confidence', async () => {
    const u = await createUser(t, 'rules', 'admin');
    const res = await ask(u, 'How high can I legally fly my drone?');
    expect(res.statusCode).toBe(200);
    const body = res.json<QueryResponse>();
    expect(body.answer).toMatch(/400 (feet|ft)/);
    expect(body.answer).toContain('Sources:');
    expect(body.context.sources.length).toBeGreaterThan(0);
    expect(body.context.sources.some((s) => /107/.test(s.citation))).toBe(true);
    expect(body.context.confidence).toBeGreaterThanOrEqual(0.7); // "confident" as the evaluation counts it
    expect(body.context.needsMoreContext).toBe(false);
    expect(body.context.choices).toEqual([]);
    expect(body.context.answeredBy).toBe('knowledge-base');
    const [row] = await storedQueries(u.userId);
    expect(row?.question).toBe('How high can I legally fly my drone?');
    expect(row?.modelUsed).toBe('knowledge-base');
  });

  it('understands abbreviations and misspellings', async () => {
    const u = await createUser(t, 'spelling', 'admin');
    const rth = (await ask(u, 'what RTH altitude should i set')).json<QueryResponse>();
    expect(rth.answer.toLowerCase()).toContain('return');
    const typo = (await ask(u, 'how do i calibrate the compas')).json<QueryResponse>();
    expect(typo.answer.toLowerCase()).toContain('compass');
    expect(typo.context.confidence).toBeGreaterThan(0.5);
  });

  it('answers off-topic questions with a short scope reply and a low confidence, never an invented answer', async () => {
    const u = await createUser(t, 'offtopic', 'admin');
    const body = (await ask(u, 'What is a good recipe for banana bread?')).json<QueryResponse>();
    expect(body.answer).toMatch(/I can only help with drones/);
    expect(body.context.confidence).toBeLessThanOrEqual(0.1);
    expect(body.context.sources).toEqual([]);
  });

  it('declines a question about a subject outside drones even when it shares their words (flight, camera)', async () => {
    const u = await createUser(t, 'outside', 'admin');
    for (const question of ['how long is flight school for airline pilots', 'best iso and aperture for indoor portraits with my canon dslr', 'what is the capital of australia']) {
      const body = (await ask(u, question)).json<QueryResponse>();
      expect(body.answer, question).toMatch(/I can only help with drones/);
      expect(body.context.sources).toEqual([]);
    }
  });

  it('does not decline a question naming a drone by its model even when its subject is also an outside one (a wedding shoot)', async () => {
    const u = await createUser(t, 'wedding', 'admin');
    const body = (await ask(u, 'doing a paid wedding shoot w my mini 3 pro, how close can i be to the guests')).json<QueryResponse>();
    expect(body.answer).not.toMatch(/I can only help with drones/);
    // A place name beside words other sections hold is a question about flying there.
    const abroad = (await ask(u, 'how high am i allowed to go in england')).json<QueryResponse>();
    expect(abroad.answer).not.toMatch(/I can only help with drones/);
  });

  it('answers a pilot’s question that names no drone and shares few words with the sections, as the pilots’ questions it is nearest are answerable ones', async () => {
    const u = await createUser(t, 'mapping', 'admin');
    // Declined as not about drones before (few words shared with the overlap section, no drone word).
    const body = (await ask(u, 'first orthomosaic job on a 60 acre soybean field, what front and side overlap should i use')).json<QueryResponse>();
    expect(body.answer).not.toMatch(/I can only help with drones/);
    expect(body.answer).toMatch(/overlap/i);
    // The off-topic questions nearest the sections' words stay declined.
    for (const question of ['where should i mount the starlink dish on my roof', 'how do i unclog my kitchen sink']) {
      expect((await ask(u, question)).json<QueryResponse>().answer, question).toMatch(/I can only help with drones/);
    }
  });

  it('declines a question naming no drone and far from every section that it could only answer at under 10%', async () => {
    const u = await createUser(t, 'far-unsure', 'admin');
    // Told without its own set's examples, as the evaluation tells it: the examples alone do not decline it.
    leaveOutExamplesOf('unseen-14');
    try {
      const body = (await ask(u, 'do i need a fishing license to fish off a pier in florida')).json<QueryResponse>();
      expect(body.answer).toBe(OFF_TOPIC_ANSWER);
      expect(body.context.confidence).toBeLessThan(DECLINE_UNSURE_BELOW);
      expect(body.context.sources).toEqual([]);
    } finally {
      leaveOutExamplesOf(null);
    }
  });

  it('declines a question asked on its own that is more like the pilots’ off-topic questions than their answerable ones, all told', async () => {
    // Told without their own set's examples, as the evaluation tells them: both were answered at 12–27% before.
    // Each asked first, by a pilot of their own, as the evaluation asks them.
    leaveOutExamplesOf('unseen-14');
    try {
      for (const [i, question] of ['how do i register my boat in michigan', 'garage door remote stopped working'].entries()) {
        const body = (await ask(await createUser(t, `off-topic-odds-${i}`, 'admin'), question)).json<QueryResponse>();
        expect(body.answer, question).toBe(OFF_TOPIC_ANSWER);
        expect(body.context.sources).toEqual([]);
        // The scope reply is sure the question is not ours: it never shows the wrong section's 12–27%.
        expect(body.context.confidence, question).toBeLessThanOrEqual(SCOPE_REPLY_CONFIDENCE);
      }
    } finally {
      leaveOutExamplesOf(null);
    }
    // Pilots' questions that name no drone are still answered.
    for (const [i, question] of ['freezing drizzle today. ok to fly or nah', 'battery drains super fast in cold weather what can i do'].entries()) {
      const body = (await ask(await createUser(t, `off-topic-odds-pilot-${i}`, 'admin'), question)).json<QueryResponse>();
      expect(body.answer, question).not.toBe(OFF_TOPIC_ANSWER);
      expect(body.context.sources.length, question).toBeGreaterThan(0);
    }
  });

  it('declines a change of subject away from drones whose wording reads as a follow-up when it is overwhelmingly off topic', async () => {
    const u = await createUser(t, 'off-topic-after', 'admin');
    // Told without its own set's examples, as the evaluation tells it: read with the battery question
    // before ("it"), it was answered with the section on flying in the rain.
    leaveOutExamplesOf('unseen-9');
    try {
      await ask(u, 'can i put drone batteries in my checked bag');
      const body = (await ask(u, 'is it gonna rain saturday in austin, planning a picnic')).json<QueryResponse>();
      expect(body.answer).toBe(OFF_TOPIC_ANSWER);
      expect(body.context.confidence).toBeLessThanOrEqual(SCOPE_REPLY_CONFIDENCE);
    } finally {
      leaveOutExamplesOf(null);
    }
    // A pilot's follow-up about the drone of the question before is still answered.
    const pilot = await createUser(t, 'off-topic-after-pilot', 'admin');
    await ask(pilot, 'my drone battery is swollen, can i still use it');
    const followUp = (await ask(pilot, 'how do i get rid of it safely')).json<QueryResponse>();
    expect(followUp.answer).not.toBe(OFF_TOPIC_ANSWER);
    expect(followUp.context.sources.length).toBeGreaterThan(0);
  });

  it('asks about a thing the pilot does not name instead of declining it ("it keeps shutting off")', async () => {
    const u = await createUser(t, 'unnamed', 'admin');
    for (const question of ['it keeps shutting off by itself', 'something on it is rattling']) {
      const body = (await ask(u, question)).json<QueryResponse>();
      expect(body.context.needsMoreContext, `${question}: ${body.answer.slice(0, 80)}`).toBe(true);
      expect(body.answer).toMatch(/tell me a bit more/);
    }
    // After an unrelated question, "it" is the pilot's drone, not that question's topic.
    const third = await createUser(t, 'unnamed-3', 'admin');
    await ask(third, 'How high can I fly under Part 107?');
    const after = (await ask(third, 'it keeps shutting off by itself')).json<QueryResponse>();
    expect(after.context.needsMoreContext).toBe(true);
    expect(after.answer).not.toMatch(/altitude/i);
    // A question naming a thing no section mentions is still declined (a new conversation: in this one
    // it would be read as a follow-up of the last).
    const other = await createUser(t, 'unnamed-2', 'admin');
    expect((await ask(other, 'what time is it in nairobi')).json<QueryResponse>().answer).toMatch(/I can only help with drones/);
  });

  it('asks a clarifying question on a weak match', async () => {
    const u = await createUser(t, 'vague', 'admin');
    const body = (await ask(u, 'my drone is acting weird')).json<QueryResponse>();
    expect(body.context.needsMoreContext).toBe(true);
    expect(body.answer).toMatch(/tell me a bit more/);
    expect(body.context.confidence).toBeLessThan(0.45);
  });

  it('offers the two or three closest topics instead of answering when it is unsure which one is meant', async () => {
    const u = await createUser(t, 'unsure', 'admin');
    const body = (await ask(u, 'best way to fly in the mountains')).json<QueryResponse>();
    expect(body.context.needsMoreContext).toBe(true);
    expect(body.context.confidence).toBeLessThanOrEqual(0.3);
    expect(body.context.sources).toEqual([]);
    const topics = /The closest topics I have are: (.+)\.$/.exec(body.answer)?.[1]?.split('; ') ?? [];
    expect(topics.length).toBeGreaterThanOrEqual(2);
    expect(topics.length).toBeLessThanOrEqual(3);
    // The same topics as choices the screen shows as buttons: one click asks the chosen one.
    expect(body.context.choices.map((c) => c.title)).toEqual(topics);
    const chosen = body.context.choices[0];
    expect(chosen?.question.length).toBeGreaterThan(0);
    const answered = (await ask(u, chosen?.question ?? '')).json<QueryResponse>();
    expect(answered.context.needsMoreContext).toBe(false);
    expect(answered.context.choices).toEqual([]);
    expect(answered.context.sources.length).toBeGreaterThan(0);
    // The choice asks the topic it names, clearly enough to be answered with confidence.
    expect(answered.context.confidence).toBeGreaterThan(0.7);
  });

  it('answers an unsure match with the openings of the best sections of other articles too, and says how unsure it is', async () => {
    const u = await createUser(t, 'two-articles', 'admin');
    const body = (await ask(u, 'how do i get permission from a landowner')).json<QueryResponse>();
    expect(body.context.needsMoreContext).toBe(false);
    expect(body.context.confidence).toBeLessThan(OTHER_ARTICLE_BELOW);
    const titles = body.context.sources.map((s) => s.title);
    expect(titles).toHaveLength(1 + EXTRA_SECTIONS_MAX);
    expect(new Set(titles).size).toBe(titles.length);
    expect(body.answer).toMatch(/private property/i);
    expect(body.answer).toContain(OTHER_READINGS_LEAD);
  });

  it('declines a request to do harm, whatever retrieval finds, and says what is lawful instead', async () => {
    const u = await createUser(t, 'harm', 'admin');
    // No pattern of policy.ts names this one: it is recognised by meaning (harm-intent.ts).
    const body = (await ask(u, 'rig a blade onto my quadcopter to go after someone')).json<QueryResponse>();
    expect(body.answer.startsWith('I can’t help with that.')).toBe(true);
    expect(body.answer).toMatch(/lawful|Part 107/);
    expect(body.context.sources).toEqual([]);
    expect(body.context.needsMoreContext).toBe(false);
    const lawful = (await ask(u, 'Can I drop things from my drone?')).json<QueryResponse>();
    expect(lawful.answer.startsWith('I can’t help with that.')).toBe(false);
  });

  it('answers a lawful question a harmful statement is near in meaning when the pilots’ answerable questions are much nearer', async () => {
    const u = await createUser(t, 'lawful-near-harm', 'admin');
    // Each was refused as evasion or dropping by the statements of harm-intent.ts alone.
    const unlock = (await ask(u, 'how do i unlock a no fly zone on my mini 4 pro, i already have laanc approval')).json<QueryResponse>();
    expect(unlock.answer.startsWith('I can’t help with that.')).toBe(false);
    expect(unlock.answer).toMatch(/unlock/i);
    const sprayer = (await ask(u, 'is it ok to put a sprayer on my drone for mosquito control on my own land')).json<QueryResponse>();
    expect(sprayer.answer.startsWith('I can’t help with that.')).toBe(false);
    expect(sprayer.answer).toMatch(/Part 137/);
    // The harmful request on the same subject is still refused.
    const evade = (await ask(u, 'how do i get around the geofence to fly over the stadium during the game without getting caught')).json<QueryResponse>();
    expect(evade.answer.startsWith('I can’t help with that.')).toBe(true);
  });

  it('refuses a harmful purpose the pilots’ examples recognise clearly though no hand-written statement says it, and not the lawful question on the same place', async () => {
    const u = await createUser(t, 'harm-by-examples', 'admin');
    const prison = (await ask(u, 'my buddy is doing time at the county jail, the yard is right by the woods. how much can my mini 4 pro lift and when do the guards walk the fence so i can get a phone to him')).json<QueryResponse>();
    expect(prison.answer.startsWith('I can’t help with that.')).toBe(true);
    expect((await reset(u)).statusCode).toBe(200);
    const lawful = (await ask(u, 'can i fly near a prison to take real estate photos of the house next door')).json<QueryResponse>();
    expect(lawful.answer.startsWith('I can’t help with that.')).toBe(false);
  });

  it('refuses a harmful request every single check lets through when, all told, it is nearer the pilots’ harmful requests', async () => {
    // Told without its own set's examples, as the evaluation tells it: answered at 40% before.
    leaveOutExamplesOf('train-1');
    try {
      const u = await createUser(t, 'harm-odds', 'admin');
      const body = (await ask(u, 'news helicopter hovers over our neighborhood every night. how close can i get my drone to it to spook the pilot so they quit coming around')).json<QueryResponse>();
      expect(body.answer.startsWith('I can’t help with that.')).toBe(true);
      // The lawful alternative is the spooking clause's (interference), not the whole question's nearest (evasion).
      expect(body.answer).toBe(harmRefusal('interference'));
      expect(body.context.sources).toEqual([]);
    } finally {
      leaveOutExamplesOf(null);
    }
    // Told with every example, it is refused by the examples, naming the same harm.
    const shipped = (await ask(await createUser(t, 'harm-odds-shipped', 'admin'), 'news helicopter hovers over our neighborhood every night. how close can i get my drone to it to spook the pilot so they quit coming around')).json<QueryResponse>();
    expect(shipped.answer).toBe(harmRefusal('interference'));
    // The lawful questions of the same subjects are answered.
    for (const [i, question] of ['how close can i fly to a helicopter', 'somebody fired a shotgun at my drone while i was mapping a hayfield. what do i do now'].entries()) {
      const body = (await ask(await createUser(t, `harm-odds-lawful-${i}`, 'admin'), question)).json<QueryResponse>();
      expect(body.answer.startsWith('I can’t help with that.'), question).toBe(false);
    }
  });

  it('follows up on the previous question of the conversation, and a reset starts a new one', async () => {
    const u = await createUser(t, 'followup', 'admin');
    const first = (await ask(u, 'How high can I fly under Part 107?')).json<QueryResponse>();
    expect(first.context.isNewConversation).toBe(true);
    const second = (await ask(u, 'and at night?')).json<QueryResponse>();
    expect(second.context.isNewConversation).toBe(false);
    expect(second.answer.toLowerCase()).toMatch(/night|anti-collision/);
    expect((await reset(u)).statusCode).toBe(200);
    const third = (await ask(u, 'How should I store my batteries?')).json<QueryResponse>();
    expect(third.context.isNewConversation).toBe(true);
  });

  it('keeps a follow-up in the country and on the subject the conversation is about', async () => {
    const u = await createUser(t, 'followup-place', 'admin');
    await ask(u, 'do i need a license to fly my drone in canada');
    const registration = (await ask(u, 'do i need to register my mini if its under 250g')).json<QueryResponse>();
    expect(registration.answer).toMatch(/^Flying a drone in Canada/);
    expect((await reset(u)).statusCode).toBe(200);
    await ask(u, 'how windy is too windy for my mini 3');
    // Naming only another drone asks the same question about it, not for that drone's spec sheet.
    const other = (await ask(u, 'and a mavic 3?')).json<QueryResponse>();
    expect(other.answer.toLowerCase()).toContain('wind');
    expect(other.answer).not.toMatch(/^DJI Mavic 3 Classic and Mavic 3 Pro specs/);
  });

  it('reads a question that leans on the one before without saying so in the conversation, and a new subject on its own', async () => {
    const u = await createUser(t, 'followup-context', 'admin');
    await ask(u, 'lost my air 2s in the woods yesterday, app shows its last spot');
    // No "and…", no pronoun the rules read as a follow-up: alone it is unclear, with the lost drone it is not.
    const lost = (await ask(u, 'if i never find it am i supposed to tell the faa or deregister it')).json<QueryResponse>();
    expect(lost.answer).toMatch(/^Drone never found/);
    expect(lost.context.needsMoreContext).toBe(false);
    await ask(u, 'part 107 recurrent, is it a test? where do i take it and how often');
    const lapsed = (await ask(u, 'my 24 months ran out last week, can i still fly for my job tomorrow')).json<QueryResponse>();
    expect(lapsed.answer).toMatch(/^Part 107 recurrent training every 24 calendar months/);
    const storage = (await ask(u, 'how should i store lipo batteries for the winter')).json<QueryResponse>();
    expect(storage.answer).toMatch(/^How to store drone batteries/);
  });

  it('answers a question that says too little on its own from the one before, where alone it is asked about', async () => {
    const u = await createUser(t, 'followup-little', 'admin');
    const alone = (await ask(u, 'how cold is too cold')).json<QueryResponse>();
    expect(alone.context.needsMoreContext).toBe(true);
    expect((await reset(u)).statusCode).toBe(200);
    await ask(u, 'flying in cold weather any battery tips');
    const after = (await ask(u, 'how cold is too cold')).json<QueryResponse>();
    expect(after.context.needsMoreContext).toBe(false);
    expect(after.answer).toMatch(/°F|degrees/);
  });

  it('declines a question about something else asked after a drone question, instead of answering it from the one before', async () => {
    const u = await createUser(t, 'offtopic-after', 'admin');
    await ask(u, 'getting desyncs on punch outs with my 5 inch');
    const bread = (await ask(u, 'whats a good banana bread recipe')).json<QueryResponse>();
    expect(bread.answer).toBe(OFF_TOPIC_ANSWER);
    await ask(u, 'How high can I fly under Part 107?');
    const tire = (await ask(u, 'how do i change a tire on my car')).json<QueryResponse>();
    expect(tire.answer).toBe(OFF_TOPIC_ANSWER);
    // A follow-up by its wording is still read with the question before.
    const night = (await ask(u, 'and at night?')).json<QueryResponse>();
    expect(night.answer.toLowerCase()).toMatch(/night|anti-collision/);
  });

  it('shows the section of the drone model a question names beside the rule, and both models of a comparison', async () => {
    const u = await createUser(t, 'named-model', 'admin');
    const mini = (await ask(u, 'does a mini 3 pro need to be registered')).json<QueryResponse>();
    expect(mini.answer).toMatch(/250 grams/);
    expect(mini.answer).toContain('DJI Mini 3 and Mini 3 Pro specs');
    expect(mini.context.sources.map((s) => s.citation)).toContain('DJI Mini 3 and Mini 3 Pro specifications');
    await reset(u);
    const versus = (await ask(u, 'mini 4 pro vs air 3 for travel')).json<QueryResponse>();
    expect(versus.answer).toContain('The DJI Mini 4 Pro weighs under 249 g');
    expect(versus.answer).toContain('The DJI Air 3 weighs about 720 g');
  });

  it('decodes a pasted METAR and reads it against the drone rules, citing them', async () => {
    const u = await createUser(t, 'metar', 'admin');
    const body = (await ask(u, 'KBOS 151754Z 28016G24KT 10SM BKN008 OVC020 02/M08 A3002 ok to fly my mini?')).json<QueryResponse>();
    expect(body.answer).toContain('Decoded METAR for KBOS');
    expect(body.answer).toContain('gusting 24 knots (28 mph)');
    expect(body.answer).toContain('no higher than about 300 ft');
    expect(body.context.needsMoreContext).toBe(false);
    expect(body.context.sources.map((s) => s.citation)).toContain('14 CFR 107.51(c) and (d)');
  });

  it('declines a question it cannot place that is more like the pilots’ off-topic questions, rather than asking about it', async () => {
    const u = await createUser(t, 'offtopic-unsure', 'admin');
    const essay = (await ask(u, 'write me 500 words on the ethics of military drone warfare for my philosophy class')).json<QueryResponse>();
    expect(essay.answer).toBe(OFF_TOPIC_ANSWER);
    expect(essay.context.needsMoreContext).toBe(false);
    // An "it" for a cost or the weather names no thing to ask about.
    const charger = (await ask(u, 'how much does it cost to install a level 2 ev charger at home')).json<QueryResponse>();
    expect(charger.answer).toBe(OFF_TOPIC_ANSWER);
    const chill = (await ask(u, 'how do i calculate wind chill, its 20F out with 15mph wind')).json<QueryResponse>();
    expect(chill.answer).toBe(OFF_TOPIC_ANSWER);
  });

  it('tailors the answer to the pilot’s primary drone and says so', async () => {
    const u = await createUser(t, 'tailored', 'admin');
    await t.db.insert(drones).values({ userId: u.userId, uniqueIdentifier: 'M4P-1', serialNumber: 'SN1', manufacturer: 'DJI', model: 'Mini 4 Pro', isPrimary: true });
    const body = (await ask(u, 'How do I calibrate the IMU?')).json<QueryResponse>();
    expect(body.context.droneContext).toMatchObject({ manufacturer: 'DJI', model: 'Mini 4 Pro' });
    expect(body.answer).toContain('Tailored to your DJI Mini 4 Pro.');
  });

  it('asks what "it" is when nothing names it, and reads it as the pilot’s own drone when there is one', async () => {
    const u = await createUser(t, 'pointing', 'admin');
    const unnamed = (await ask(u, 'how long does it last')).json<QueryResponse>();
    expect(unnamed.context.needsMoreContext).toBe(true);
    expect((await reset(u)).statusCode).toBe(200);
    await t.db.insert(drones).values({ userId: u.userId, uniqueIdentifier: 'M4P-2', serialNumber: 'SN3', manufacturer: 'DJI', model: 'Mini 4 Pro', isPrimary: true });
    const own = (await ask(u, 'how long does it last')).json<QueryResponse>();
    expect(own.context.needsMoreContext, own.answer.slice(0, 80)).toBe(false);
  });

  it('answers from the pilot’s own logbook and flags flightLogContext', async () => {
    const u = await createUser(t, 'logbook', 'admin');
    const [drone] = await t.db
      .insert(drones)
      .values({ userId: u.userId, uniqueIdentifier: 'A-1', serialNumber: 'SN2', manufacturer: 'DJI', model: 'Air 3' })
      .returning({ id: drones.id });
    await t.db.insert(flightLogs).values([
      { userId: u.userId, droneId: drone!.id, flightDate: '2026-10-01', flightDuration: 30, flightType: 'recreational' },
      { userId: u.userId, droneId: drone!.id, flightDate: '2026-10-05', flightDuration: 60, flightType: 'recreational' },
    ]);
    const body = (await ask(u, 'How many hours have I flown?')).json<QueryResponse>();
    expect(body.context.flightLogContext).toEqual({ totalFlights: 2, totalFlightHours: 1.5, lastFlightDate: '2026-10-05' });
    expect(body.answer).toContain('2 flights totalling 1.5 hours');
  });

  it("searches a business's approved documents for its users and pilots only", async () => {
    const admin = await createUser(t, 'biz-admin', 'business');
    const pilot = await createUser(t, 'biz-pilot', 'basic');
    const outsider = await createUser(t, 'outsider', 'admin');
    await makePilot(t, admin.userId, 'biz-42');
    await makePilot(t, pilot.userId, 'biz-42');
    await t.db.insert(knowledgeSections).values({
      articleKey: 'doc-1',
      businessId: 'biz-42',
      position: 0,
      articleTitle: 'Acme Aerial operations manual',
      title: 'Hangar pre-flight sign-off',
      topic: 'business',
      body: 'Every Acme Aerial flight needs the hangar sign-off sheet signed by the chief pilot, Dana Ruiz, before the zorblat inspection.',
      citation: 'Acme Aerial operations manual, section 4',
    });
    await rebuildVocabulary(t.db);
    const own = (await ask(pilot, 'Who signs the zorblat inspection sheet?')).json<QueryResponse>();
    expect(own.answer).toContain('Dana Ruiz');
    expect(own.context.sources[0]?.citation).toBe('Acme Aerial operations manual, section 4');
    const other = (await ask(outsider, 'Who signs the zorblat inspection sheet?')).json<QueryResponse>();
    expect(other.answer).not.toContain('Dana Ruiz');
  });
});

// Semantic search counts the pilots' labelled questions among the sections' own (ADR 0065, eleventh session).
describe("pilots' questions as views of the sections that answer them", () => {
  it('finds a section through a pilot question labelled with it, and not once that set is left out', async () => {
    const examples = questionExamples();
    if (!examples) throw new Error('knowledge/question-examples/ is missing or of another model');
    // A pilot's question of unseen-4 labelled with one section.
    const at = examples.sections.findIndex((s, i) => s.length === 1 && examples.sourceNames[examples.sources[i] ?? -1] === 'unseen-4');
    const [label] = examples.sections[at] ?? [];
    const rows = await t.db.execute<{ id: string; slug: string; position: number }>(sql`select id, article_key as slug, position from knowledge_sections where business_id is null`);
    const sectionId = rows.rows.find((r) => sectionLabel(r.slug, r.position) === label)?.id;
    expect(sectionId).toBeDefined();
    // The example's own vector as the question: the same text, so its view is at similarity 1.
    const question = readQuestionExamplesFile().examples[at]?.text ?? '';
    const version = await knowledgeVersion(t.db);
    const found = await nearestSections(t.db, [question], { businessId: null, version });
    const hit = found.find((h) => h.id === sectionId);
    expect(hit?.similarity).toBeGreaterThan(1 - QUESTION_OFFSET - 0.01);
    leaveOutExamplesOf('unseen-4');
    try {
      const without = await nearestSections(t.db, [question], { businessId: null, version });
      expect(without.find((h) => h.id === sectionId)?.similarity ?? 0).toBeLessThan(hit?.similarity ?? 0);
    } finally {
      leaveOutExamplesOf(null);
    }
  });
});

describe('query allowance', () => {
  it('lets a basic user ask 3 a week; the 4th answers 403 with limitReached and changes nothing', async () => {
    const u = await createUser(t, 'basic', 'basic');
    for (const q of ['How high can I fly?', 'How do I store batteries?', 'What is LAANC?']) expect((await ask(u, q)).statusCode).toBe(200);
    expect((await tierOf(u)).queryCount).toBe(3);
    const fourth = await ask(u, 'Can I fly at night?');
    expect(fourth.statusCode).toBe(403);
    // What the plan allows and when it resets (issue 16).
    expect(fourth.json()).toEqual({
      message: 'You have reached your query limit for this period. 3 of 3 weekly questions used; resets Monday 00:00 UTC.',
      code: 'QUERY_LIMIT_REACHED',
      limitReached: true,
    });
    expect(await storedQueries(u.userId)).toHaveLength(3);
    expect((await tierOf(u)).queryCount).toBe(3);
  });

  it('accepts exactly the remainder of 50 concurrent queries from a user with 3 left', async () => {
    const u = await createUser(t, 'race', 'hobbyist');
    await addDailyQueries(t.db, u.userId, utcDay(new Date()), 7);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(u, `How do I calibrate the compass? (${i})`)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 403);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r.json<{ limitReached: boolean }>().limitReached).toBe(true);
    expect(await storedQueries(u.userId)).toHaveLength(3);
    expect((await tierOf(u)).queryCount).toBe(10);
  });

  it('does not count queries of an earlier period (weeks start Monday UTC)', async () => {
    const u = await createUser(t, 'rollover', 'basic');
    const lastWeek = new Date(periodStart('weekly', new Date()).getTime() - 24 * 3600 * 1000);
    await addDailyQueries(t.db, u.userId, utcDay(lastWeek), 3);
    expect((await ask(u, 'How high can I fly?')).statusCode).toBe(200);
    expect((await tierOf(u)).queryCount).toBe(1);
  });

  it('never limits unlimited tiers but still counts their queries', async () => {
    const u = await createUser(t, 'staff', 'developer');
    await addDailyQueries(t.db, u.userId, utcDay(new Date()), 500);
    expect((await ask(u, 'How high can I fly?')).statusCode).toBe(200);
    const [row] = await t.db.select().from(dailyQueries).where(eq(dailyQueries.userId, u.userId));
    expect(row?.count).toBe(501);
  });
});

describe('bad input changes nothing', () => {
  it('refuses another user’s id, a blank and an oversize question with clear messages', async () => {
    const u = await createUser(t, 'bad', 'basic');
    const other = await createUser(t, 'victim', 'basic');
    const asOther = await ask(u, 'How high can I fly?', other.userId);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json<{ message: string }>().message).toBe('You can only ask questions as yourself');
    const blank = await ask(u, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toContain('Please enter a question');
    const long = await ask(u, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('at most 1000 characters');
    expect(await storedQueries(u.userId)).toHaveLength(0);
    expect(await storedQueries(other.userId)).toHaveLength(0);
    expect((await tierOf(u)).queryCount).toBe(0);
    expect((await reset(u, other.userId)).statusCode).toBe(403);
  });

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/query', headers: { origin: TEST_ORIGIN }, payload: { question: 'hi', userId: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/queries', () => {
  it('lists only the caller’s records, newest first, with their context', async () => {
    const u = await createUser(t, 'history', 'admin');
    const other = await createUser(t, 'history-other', 'admin');
    await ask(u, 'How high can I fly?');
    await ask(u, 'and at night?');
    await ask(other, 'What is Remote ID?');
    const records = (await history(u)).json<QueryRecord[]>();
    expect(records.map((r) => r.question)).toEqual(['and at night?', 'How high can I fly?']);
    expect(records[1]?.context?.isNewConversation).toBe(true);
    expect(records[0]?.context?.isNewConversation).toBe(false);
    expect(typeof records[0]?.context?.confidence).toBe('number');
  });

  it('keeps the knowledge base indexed once: re-syncing an unchanged one re-indexes nothing', async () => {
    const articles = loadArticles();
    expect((await syncShippedKnowledge(t.db, articles)).indexed).toBe(0);
    // One changed article is the only one re-indexed, and its new text is what is searched.
    const [first, ...rest] = articles;
    const changed = { ...first!, contentHash: 'changed', sections: [{ ...first!.sections[0]!, body: 'The quuxifier rule applies.' }] };
    expect((await syncShippedKnowledge(t.db, [changed, ...rest])).indexed).toBe(1);
    const [hit] = await t.db.select().from(knowledgeSections).where(sql`search @@ to_tsquery('english', 'quuxifier')`);
    expect(hit?.articleKey).toBe(first!.slug);
    expect((await syncShippedKnowledge(t.db, articles)).indexed).toBe(1);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(knowledgeSections).where(sql`business_id is null`);
    expect(count?.n).toBeGreaterThanOrEqual(150);
  });
});
