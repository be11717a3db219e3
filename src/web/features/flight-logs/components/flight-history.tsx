import { Pencil, Trash2 } from 'lucide-react';
import type { FlightLog } from '../../../../shared/flight-logs/contract.ts';
import { FLIGHT_TYPE_LABELS, formatDuration } from '../../../../shared/flight-logs/constants.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatFlightDate } from '../format.ts';

interface Props {
  /** The pages loaded so far, newest first. */
  logs: readonly FlightLog[];
  /** Every flight of the user (from the server's totals), for "select all" and "N of M". */
  totalFlights: number;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  /** Selects every flight of the user, loaded or not (the page fetches the ids from the server). */
  onSelectAll: () => void;
  selectingAll: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onEdit: (log: FlightLog) => void;
  onDelete: (log: FlightLog) => void;
}

/**
 * Flight History with row selection; select-all toggles all or none (doc 2 §2, §4), where all is every
 * flight of the user, not only the pages shown. The list comes a page at a time: "Load more".
 */
export function FlightHistory({ logs, totalFlights, selected, onSelect, onSelectAll, selectingAll, hasMore, loadingMore, onLoadMore, onEdit, onDelete }: Props) {
  const all = totalFlights > 0 && selected.size >= totalFlights && logs.every((l) => selected.has(l.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <div className="grid gap-2">
      <label className="flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={all}
          disabled={selectingAll}
          onChange={() => (all ? onSelect(new Set()) : onSelectAll())}
          data-testid="select-all"
        />
        {selectingAll ? 'Selecting all…' : `Select all ${totalFlights} flights`}
      </label>
      <ul className="grid gap-2" aria-label="Flights">
        {logs.map((log) => (
          <li key={log.id} className="flex items-start gap-3 rounded-lg border bg-card p-3" data-testid="flight-row">
            <input type="checkbox" className="mt-1 size-4 accent-primary" checked={selected.has(log.id)} onChange={() => toggle(log.id)} aria-label={`Select flight on ${formatFlightDate(log.flightDate)} with ${log.droneName}`} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium" data-testid="flight-date">
                  {formatFlightDate(log.flightDate)}
                </span>
                <span className="text-sm tabular-nums" data-testid="flight-duration">
                  {formatDuration(log.flightDuration)}
                </span>
                <Badge variant="secondary" data-testid="flight-type">
                  {FLIGHT_TYPE_LABELS[log.flightType]}
                </Badge>
              </div>
              <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                {log.droneName}
                {log.droneRetired ? ' (deleted drone)' : ''}
                {log.location ? ` · ${log.location}` : ''}
                {log.conditions ? ` · ${log.conditions}` : ''}
              </p>
              {log.notes && <p className="mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere]" data-testid="flight-notes">{log.notes}</p>}
            </div>
            <div className="flex shrink-0 gap-1">
              <Button variant="ghost" size="icon" onClick={() => onEdit(log)} aria-label={`Edit flight on ${formatFlightDate(log.flightDate)}`}>
                <Pencil aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" className="text-destructive" onClick={() => onDelete(log)} aria-label={`Delete flight on ${formatFlightDate(log.flightDate)}`}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 pt-2">
        <p className="text-sm text-muted-foreground" data-testid="flights-shown">
          Showing {logs.length} of {Math.max(totalFlights, logs.length)} flights
        </p>
        {hasMore && (
          <Button variant="outline" size="sm" onClick={onLoadMore} disabled={loadingMore} data-testid="load-more">
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
    </div>
  );
}
