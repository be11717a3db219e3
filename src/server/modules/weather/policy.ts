export { canUseAiAnalysis } from '../../../shared/weather/access.ts';

export const EXPERIENCE_LEVELS = ['Beginner', 'Intermediate', 'Experienced', 'Expert'] as const;
export type Experience = (typeof EXPERIENCE_LEVELS)[number];

/** Experience from logged hours: under 10 beginner, under 50 intermediate, under 200 experienced. */
export function experienceFromHours(hours: number): Experience {
  if (hours < 10) return 'Beginner';
  if (hours < 50) return 'Intermediate';
  if (hours < 200) return 'Experienced';
  return 'Expert';
}
