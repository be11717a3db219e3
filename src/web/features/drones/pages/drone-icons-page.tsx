import type { ComponentProps } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

type IconProps = ComponentProps<'svg'>;

/** Quadcopter seen from above: four rotors on an X frame, a camera dot at the nose. */
function QuadIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M15 15l18 18M33 15L15 33" />
      <circle cx="11" cy="11" r="7" />
      <circle cx="37" cy="11" r="7" />
      <circle cx="11" cy="37" r="7" />
      <circle cx="37" cy="37" r="7" />
      <rect x="19" y="19" width="10" height="10" rx="3" fill="currentColor" />
      <circle cx="24" cy="16" r="1.5" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** Side view in flight: body, two arms with spinning props and a gimbal camera below. */
function SideIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M4 14h14M30 14h14" />
      <path d="M11 14v5M37 14v5" />
      <path d="M8 21h32l-5 7H13z" fill="currentColor" fillOpacity={0.15} />
      <path d="M24 28v4" />
      <circle cx="24" cy="35" r="3.5" />
      <path d="M16 40l-3 4M32 40l3 4" />
    </svg>
  );
}

/** A badge mark: a drone inside a shield with a pulse line, for the doctor in Drone Doctor. */
function ShieldIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M24 4l16 6v12c0 10-7 18-16 22C15 40 8 32 8 22V10z" fill="currentColor" fillOpacity={0.12} />
      <path d="M16 18h5M27 18h5M18.5 18v3M29.5 18v3" />
      <rect x="19" y="21" width="10" height="5" rx="2" />
      <path d="M12 32h6l2-4 3 7 3-9 2 6h8" />
    </svg>
  );
}

const DESIGNS = [
  { name: 'Quad', description: 'Top view, for lists and the drone registry.', Icon: QuadIcon },
  { name: 'In flight', description: 'Side view with gimbal, for the logbook and forecasts.', Icon: SideIcon },
  { name: 'Shield', description: 'The product mark: a drone in a shield with a pulse.', Icon: ShieldIcon },
];

/** /drone-icons (doc 3 §2.5): three drone icon designs, each shown on a light and a dark surface, at three sizes. */
export function DroneIconsPage() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6" data-testid="drone-icons-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Drone Icons</h1>
        <p className="text-sm text-muted-foreground">Three designs drawn for Drone Doctor, in the current colour so they follow the theme.</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {DESIGNS.map(({ name, description, Icon }) => (
          <li key={name}>
            <Card className="h-full" data-testid="drone-icon-design">
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  {name}
                </CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-2 gap-3">
                <div className="flex flex-col items-center gap-3 rounded-md border border-slate-200 bg-white p-4 text-sky-700">
                  <Icon className="size-16" role="img" aria-label={`${name} icon on light`} />
                  <div className="flex items-end gap-2">
                    <Icon className="size-8" aria-hidden />
                    <Icon className="size-5" aria-hidden />
                  </div>
                  <span className="text-xs text-slate-600">Light</span>
                </div>
                <div className="flex flex-col items-center gap-3 rounded-md border border-slate-700 bg-slate-900 p-4 text-sky-300">
                  <Icon className="size-16" role="img" aria-label={`${name} icon on dark`} />
                  <div className="flex items-end gap-2">
                    <Icon className="size-8" aria-hidden />
                    <Icon className="size-5" aria-hidden />
                  </div>
                  <span className="text-xs text-slate-300">Dark</span>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
