import { LocateFixed, MapPin, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LOCATION_SEARCH_MIN_CHARS, PLACE_SEARCH_OUTAGE as PLACE_SEARCH_FAILED } from '../../../../shared/weather/constants.ts';
import type { LocationResult } from '../../../../shared/weather/contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/utils.ts';
import { useLocationSearch } from '../hooks/use-location-search.ts';

export interface LocationSearchProps {
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (result: LocationResult) => void;
  onSubmit: (text: string) => void;
  onUseMyLocation: () => void;
  detecting: boolean;
}

/**
 * The location box (§2.2) as an ARIA combobox: results from 3 characters, 300 ms after typing stops;
 * arrows move through them, Enter picks one (or asks for the typed text), Escape closes the list.
 */
export function LocationSearch({ text, onTextChange, onSelect, onSubmit, onUseMyLocation, detecting }: LocationSearchProps) {
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const { results, isSearching, searched, failed } = useLocationSearch(text, typing);
  const listId = useId();
  const inputId = useId();
  const hintId = useId();
  const open = typing && text.trim().length >= LOCATION_SEARCH_MIN_CHARS && (results.length > 0 || searched);
  const activeIndex = active < results.length ? active : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (r: LocationResult) => {
    setTyping(false);
    setActive(-1);
    onSelect(r);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = open ? results[activeIndex] : undefined;
    if (picked) return choose(picked);
    const trimmed = text.trim();
    if (!trimmed) return;
    setTyping(false);
    onSubmit(trimmed);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length) {
      e.preventDefault();
      setTyping(true);
      setActive((i) => (i + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setTyping(false);
    }
  };

  return (
    <form role="search" aria-label="Forecast location" onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
      <div className="relative">
        <label htmlFor={inputId} className="sr-only">
          Location
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={inputId}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          placeholder="City, address or coordinates"
          className="pl-9"
          value={text}
          maxLength={200}
          onChange={(e) => {
            onTextChange(e.target.value);
            setTyping(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setTyping(false)}
          data-testid="location-input"
        />
        <span id={hintId} className="sr-only">
          Type at least {LOCATION_SEARCH_MIN_CHARS} characters for suggestions.
        </span>
        <div
          className={cn(
            'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg',
            !open && 'hidden',
          )}
        >
          <ul id={listId} role="listbox" aria-label="Matching places" className="max-h-72 overflow-y-auto py-1" data-testid="location-results">
            {results.map((r, i) => (
              <li
                key={`${r.lat},${r.lon},${r.name}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={cn('flex cursor-pointer items-start gap-2 px-3 py-2 text-sm', i === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60')}
                // Keeps the focus in the box so the blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(r)}
                onMouseEnter={() => setActive(i)}
              >
                <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{r.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {r.lat.toFixed(2)}, {r.lon.toFixed(2)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {failed && (
            <p className="px-3 py-2 text-sm text-destructive" role="status" data-testid="location-search-failed">
              {PLACE_SEARCH_FAILED}
            </p>
          )}
          {searched && !failed && results.length === 0 && !isSearching && (
            <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
              No places found. Try another spelling, or coordinates such as 40.71, -74.01.
            </p>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <Button type="submit" disabled={!text.trim()}>
          Get Forecast
        </Button>
        <Button type="button" variant="outline" onClick={onUseMyLocation} aria-busy={detecting}>
          <LocateFixed className={cn(detecting && 'animate-pulse')} aria-hidden />
          Use My Location
        </Button>
      </div>
    </form>
  );
}
