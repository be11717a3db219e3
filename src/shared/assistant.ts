import { z } from 'zod';
import { STORAGE_KEYS } from './constants.ts';

/** The assistant's contract (spec doc 1 §3, §4, §7, §8, §9): calls, records, texts and constants. */

export const QUESTION_MAX = 1000;
export const TTS_TEXT_MAX = 400;
export const HISTORY_LIMIT = 500;

export const ASSISTANT_MESSAGES = {
  questionRequired: 'Please enter a question',
  questionTooLong: `Questions can be at most ${QUESTION_MAX} characters`,
  notYourUser: 'You can only ask questions as yourself',
  limitReached: 'You have reached your query limit for this period.',
  queryFailed: 'Failed to process your query. Please try again.',
  thinking: 'Thinking deeply about your question...',
  ttsTextRequired: 'Text is required',
  ttsTextTooLong: `Text can be at most ${TTS_TEXT_MAX} characters`,
  speechUnsupported: 'Speech recognition is not supported in this browser',
  noSpeech: 'No speech was detected. Please try again.',
  speechStartFailed: 'Failed to start speech recognition. Please try again.',
} as const;

/** Spec doc 1 §9. */
export const VOICE_COOLDOWN_MS = 5000;
export const THINKING_NOTICE_MS = 10_000;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const SCROLL_TOP_MIN_MESSAGES = 3;
export const COMMON_QUESTIONS_HEIGHT_PX = 200;
export const HISTORY_TITLE_MAX = 60;
export const CONVERSATION_STORAGE_KEY = STORAGE_KEYS.conversation;
export const END_OF_CONVERSATION_PHRASES = [
  'goodbye',
  'bye',
  'thank you bye',
  'thanks bye',
  'end call',
  "that's all",
  'that is all',
  'okay thanks',
  'ok thanks',
] as const;

export const queryRequestSchema = z.object({
  question: z.string().trim().min(1, ASSISTANT_MESSAGES.questionRequired).max(QUESTION_MAX, ASSISTANT_MESSAGES.questionTooLong),
  userId: z.string().trim().min(1).max(100),
});
export type QueryRequest = z.infer<typeof queryRequestSchema>;

export const resetConversationSchema = z.object({ userId: z.string().trim().min(1).max(100) });

export const droneContextSchema = z.object({
  manufacturer: z.string().max(100).nullable(),
  model: z.string().max(100).nullable(),
  customManufacturer: z.string().max(100).nullable(),
  customModel: z.string().max(100).nullable(),
});
export type DroneContext = z.infer<typeof droneContextSchema>;

/** Set when the answer drew on the pilot's own logbook (e.g. "how many hours have I flown?"). */
export const flightLogContextSchema = z.object({
  totalFlights: z.number().int().min(0),
  totalFlightHours: z.number().min(0),
  lastFlightDate: z.string().max(40).nullable(),
});
export type FlightLogContext = z.infer<typeof flightLogContextSchema>;

export const answerSourceSchema = z.object({
  title: z.string().max(300),
  citation: z.string().max(300),
  url: z.string().max(1000).nullable(),
});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/**
 * One of the closest topics offered when the assistant is unsure what is meant (issue 14): `title`
 * is shown, and clicking it asks `question`.
 */
export const topicChoiceSchema = z.object({
  title: z.string().min(1).max(300),
  question: z.string().min(1).max(QUESTION_MAX),
});
export type TopicChoice = z.infer<typeof topicChoiceSchema>;
/** Two or three topics are offered; more would not be a choice. */
export const TOPIC_CHOICES_MAX = 3;
/** How a clarifying answer's text names the choices (the screen shows them as buttons instead). */
export const CLOSEST_TOPICS_LEAD = 'The closest topics I have are:';

export const queryContextSchema = z.object({
  confidence: z.number().min(0).max(1),
  needsMoreContext: z.boolean(),
  /** Set with needsMoreContext when the question is near several topics; empty otherwise. */
  choices: z.array(topicChoiceSchema).max(TOPIC_CHOICES_MAX),
  isNewConversation: z.boolean(),
  droneContext: droneContextSchema.nullable(),
  flightLogContext: flightLogContextSchema.nullable(),
  sources: z.array(answerSourceSchema).max(10),
  /** 'knowledge-base' = the embedded answer; otherwise the configured model's name. */
  answeredBy: z.string().max(200),
});
export type QueryContext = z.infer<typeof queryContextSchema>;

export const queryResponseSchema = z.object({ answer: z.string(), context: queryContextSchema });
export type QueryResponse = z.infer<typeof queryResponseSchema>;

export const queryRecordSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  timestamp: z.string(),
  context: queryContextSchema.partial().nullable(),
});
export type QueryRecord = z.infer<typeof queryRecordSchema>;
export const queryRecordsSchema = z.array(queryRecordSchema);

export const ttsRequestSchema = z.object({
  text: z.string().trim().min(1, ASSISTANT_MESSAGES.ttsTextRequired).max(TTS_TEXT_MAX, ASSISTANT_MESSAGES.ttsTextTooLong),
});

/** The client's chat message (spec doc 1 §3), kept in localStorage under droneDoctor_conversation. */
export const chatMessageSchema = z.object({
  type: z.enum(['user', 'ai']),
  text: z.string(),
  timestamp: z.string(),
  confidence: z.number().min(0).max(1).optional(),
  sources: z.array(answerSourceSchema).optional(),
  /** The closest topics offered by a clarifying answer (clicking one asks it). */
  choices: z.array(topicChoiceSchema).max(TOPIC_CHOICES_MAX).optional(),
  isError: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const conversationSchema = z.array(chatMessageSchema);

export type ConfidenceBand = 'high' | 'medium' | 'low';
/** Above 0.7 green, above 0.4 yellow, otherwise red (spec doc 1 §4). */
export const confidenceBand = (c: number): ConfidenceBand => (c > 0.7 ? 'high' : c > 0.4 ? 'medium' : 'low');
export const confidencePercent = (c: number): number => Math.round(c * 100);

/** The 20 Common Questions: 5 categories of 4 (spec doc 1 §2), each answered by the shipped knowledge base. */
export const COMMON_QUESTIONS = [
  {
    category: 'Setup & Calibration',
    questions: [
      'How do I calibrate the compass on my drone?',
      'How do I calibrate the IMU?',
      'What return-to-home altitude should I set?',
      "How do I update my drone's firmware safely?",
    ],
  },
  {
    category: 'Troubleshooting',
    questions: [
      'Why does my drone say weak GPS signal?',
      'What should I do if I get a compass interference warning?',
      'Why does my video feed keep cutting out?',
      'My gimbal is tilted or drifting. How do I fix it?',
    ],
  },
  {
    category: 'Maintenance',
    questions: [
      'How should I store my drone batteries?',
      'When should I replace my propellers?',
      'How do I fly safely with batteries in cold weather?',
      'How do I clean and check the motors?',
    ],
  },
  {
    category: 'Safety',
    questions: [
      'How high can I legally fly my drone?',
      'What wind speed is too strong to fly?',
      'Can I fly my drone at night?',
      'What should be on my pre-flight checklist?',
    ],
  },
  {
    category: 'Advanced Flying',
    questions: [
      'How do I fly smooth cinematic shots?',
      'How do I plan a waypoint mission?',
      'What do I need to know to start flying FPV?',
      'How do I fly an orbit around a subject?',
    ],
  },
] as const;

/** Whether a recognised phrase ends the conversation (spec doc 1 §9). */
export function isEndOfConversation(transcript: string): boolean {
  const t = transcript.toLowerCase().replace(/[.,!?]/g, '').replace(/\s+/g, ' ').trim();
  return (END_OF_CONVERSATION_PHRASES as readonly string[]).includes(t);
}
