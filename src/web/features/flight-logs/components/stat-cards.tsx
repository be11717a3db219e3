import { Clock, Drone, Plane } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatTotalHours } from '../../../../shared/flight-logs/constants.ts';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/** Total Flight Hours (1 decimal), Total Flights, Registered Drones (doc 2 §2, §9). */
export function StatCards({ totalHours, totalFlights, drones }: { totalHours: number | undefined; totalFlights: number | undefined; drones: number | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Stat icon={Clock} label="Total Flight Hours" value={totalHours === undefined ? '…' : formatTotalHours(totalHours)} testId="stat-hours" />
      <Stat icon={Plane} label="Total Flights" value={totalFlights === undefined ? '…' : String(totalFlights)} testId="stat-flights" />
      <Stat icon={Drone} label="Registered Drones" value={drones === undefined ? '…' : String(drones)} testId="stat-drones" />
    </div>
  );
}

function Stat({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: string; testId: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-4">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden>
          <Icon className="size-5" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
            {value}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
