import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudHail,
  CloudLightning,
  CloudMoon,
  CloudRain,
  CloudSun,
  Crosshair,
  Eye,
  Gauge,
  CircleHelp,
  Magnet,
  Moon,
  Navigation,
  Satellite,
  Snowflake,
  Sun,
  Sunrise,
  Thermometer,
  Umbrella,
  Wind,
  type LucideIcon,
} from 'lucide-react';
import type { WeatherIcon } from '../../../../shared/weather/wmo.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/utils.ts';
import { buildCards, COLOUR_WORDS, type CardId, type CardModel } from '../model/cards.ts';
import { CardDetail, type DetailProps } from './card-details.tsx';
import { DOT_TONE, TEXT_TONE, TILE_TONE } from './tones.ts';

const WEATHER_ICONS: Record<WeatherIcon, LucideIcon> = {
  'clear-day': Sun,
  'clear-night': Moon,
  'partly-cloudy-day': CloudSun,
  'partly-cloudy-night': CloudMoon,
  cloudy: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  sleet: CloudHail,
  snow: Snowflake,
  thunderstorm: CloudLightning,
  unknown: CircleHelp,
};

const ICONS: Record<Exclude<CardId, 'weather'>, LucideIcon> = {
  sun: Sunrise,
  temperature: Thermometer,
  wind: Wind,
  gusts: Gauge,
  windDir: Navigation,
  precipitation: Umbrella,
  clouds: Cloud,
  visibility: Eye,
  visibleSats: Satellite,
  kp: Magnet,
  lockedSats: Crosshair,
};

/** The grid of twelve tappable cards (§2.2), coloured by §9 and the pilot's thresholds. */
export function WeatherCards(props: DetailProps) {
  const cards = buildCards(props.weather, {
    system: props.system,
    speedUnit: props.speedUnit,
    altitudeFt: props.altitudeFt,
    thresholds: props.thresholds,
  });
  const weatherIcon = WEATHER_ICONS[props.weather.current.weather[0]?.icon ?? 'unknown'];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Weather cards" data-testid="weather-cards">
      {cards.map((card) => (
        <li key={card.id} className="min-w-0">
          <WeatherCard card={card} icon={card.id === 'weather' ? weatherIcon : ICONS[card.id]} detail={props} />
        </li>
      ))}
    </ul>
  );
}

function WeatherCard({ card, icon: Icon, detail }: { card: CardModel; icon: LucideIcon; detail: DetailProps }) {
  const direction = card.id === 'windDir' ? detail.weather.current.wind_deg : null;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          data-testid={`card-${card.id}`}
          data-colour={card.colour}
          className={cn(
            'flex h-full w-full min-w-0 flex-col gap-1 rounded-xl border-2 p-3 text-left shadow-xs transition-colors outline-none hover:brightness-[0.97] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:hover:brightness-110',
            TILE_TONE[card.colour],
          )}
        >
          <span className="flex items-center justify-between gap-2 text-xs font-medium text-muted-foreground">
            <span className="truncate">{card.title}</span>
            <Icon
              className="size-4 shrink-0"
              aria-hidden
              style={direction === null ? undefined : { transform: `rotate(${direction + 180 - 45}deg)` }}
            />
          </span>
          <span className="truncate text-lg leading-tight font-semibold sm:text-xl" data-testid="card-value">
            {card.value}
          </span>
          <span className={cn('flex min-w-0 items-center gap-1.5 text-xs', TEXT_TONE[card.colour])}>
            <span className={cn('size-2 shrink-0 rounded-full', DOT_TONE[card.colour])} aria-hidden />
            <span className="truncate" data-testid="card-label">
              {card.label}
            </span>
          </span>
          {/* The name is the visible text (title, value, label) plus what the colour says. */}
          <span className="sr-only">
            {COLOUR_WORDS[card.colour]}
            {card.alert ? ', past your threshold' : ''}
          </span>
        </button>
      </DialogTrigger>
      <DialogContent data-testid={`card-dialog-${card.id}`}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Icon className="size-5 text-primary" aria-hidden />
            {card.title}
          </DialogTitle>
          <DialogDescription>
            <LiveSummary id={card.id} detail={detail} />
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <CardDetail id={card.id} {...detail} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The card's value and label, recomputed so the dialog follows the altitude and unit controls. */
function LiveSummary({ id, detail }: { id: CardId; detail: DetailProps }) {
  const card = buildCards(detail.weather, detail).find((c) => c.id === id)!;
  return (
    <span data-testid="card-dialog-summary" data-colour={card.colour}>
      {card.value} · {card.label} · {COLOUR_WORDS[card.colour]}
      {card.alert ? ' (past your threshold)' : ''}
    </span>
  );
}
