import type { Rating } from '../../../../shared/weather/score.ts';
import type { FlyStatus } from '../../../../shared/weather/fly-windows.ts';
import type { TileColour } from '../model/cards.ts';

/** Green, yellow and red in both themes; text on these tints keeps the theme's AA contrast. */
export const TILE_TONE: Record<TileColour, string> = {
  green: 'border-emerald-500/50 bg-emerald-50 dark:border-emerald-400/40 dark:bg-emerald-950/40',
  yellow: 'border-amber-500/60 bg-amber-50 dark:border-amber-400/40 dark:bg-amber-950/40',
  red: 'border-red-500/60 bg-red-50 dark:border-red-400/50 dark:bg-red-950/40',
  neutral: 'border-border bg-card',
};

export const DOT_TONE: Record<TileColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-500',
  red: 'bg-red-500',
  neutral: 'bg-slate-400 dark:bg-slate-500',
};

export const TEXT_TONE: Record<TileColour, string> = {
  green: 'text-emerald-800 dark:text-emerald-300',
  yellow: 'text-amber-800 dark:text-amber-300',
  red: 'text-red-700 dark:text-red-300',
  neutral: 'text-muted-foreground',
};

export const ratingColour = (r: Rating): TileColour => (r === 'Excellent' || r === 'Good' ? 'green' : r === 'Fair' ? 'yellow' : 'red');

export const STATUS_COLOUR: Record<FlyStatus, TileColour> = { fly: 'green', caution: 'yellow', 'no-fly': 'red' };

/** The timeline's solid blocks: a status icon sits on them, so they need 3:1 against the card only. */
export const BLOCK_TONE: Record<FlyStatus, string> = {
  fly: 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950',
  caution: 'bg-amber-400 text-slate-950',
  'no-fly': 'bg-red-600 text-white dark:bg-red-500 dark:text-slate-950',
};
