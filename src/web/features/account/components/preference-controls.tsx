import { Info } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { COUNTRIES, COUNTRY_NAMES, MEASUREMENT_SYSTEMS, THEMES, type Country, type Theme } from '../../../../shared/account.ts';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/utils.ts';
import { usePreferences } from '../hooks/use-preferences.ts';
import { useSavePreference } from '../hooks/use-save-preference.ts';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const MEASUREMENT_LABELS: Record<(typeof MEASUREMENT_SYSTEMS)[number], string> = {
  imperial: 'Imperial (ft, mph, °F)',
  metric: 'Metric (m, km/h, °C)',
};

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function Row({
  id,
  label,
  description,
  inline = false,
  children,
}: {
  id: string;
  label: string;
  description: string;
  /** A switch sits beside its label at every width; a select goes below it on a narrow screen. */
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex gap-3 py-4 first:pt-0 last:pb-0',
        inline ? 'flex-row items-center justify-between gap-6' : 'flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-6',
      )}
    >
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <div className={cn('flex shrink-0 justify-end', !inline && 'sm:w-56')}>{children}</div>
    </div>
  );
}

/** The six preferences a user can change (doc 1 §3, §7), each saved on its own as it changes. */
export function PreferenceControls() {
  const prefix = useId();
  const { preferences, isLoading } = usePreferences();
  const { savePreference } = useSavePreference();
  const id = (name: string) => `${prefix}-${name}`;

  return (
    <div className="divide-y" data-testid="preference-controls" aria-busy={isLoading}>
      <Row id={id('theme')} label="Theme" description="System follows your device's light or dark setting.">
        <Select
          value={preferences.theme}
          onValueChange={(v) => isOneOf(THEMES, v) && savePreference('theme', v)}
          disabled={isLoading}
        >
          <SelectTrigger id={id('theme')} aria-describedby={`${id('theme')}-description`} data-testid="preference-theme">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {THEMES.map((t) => (
              <SelectItem key={t} value={t}>
                {THEME_LABELS[t]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Row>

      <Row id={id('quick')} label="Common questions" inline description="Show the Common Questions list on the home page.">
        <Switch
          id={id('quick')}
          checked={preferences.showQuickQuestions}
          onCheckedChange={(v) => savePreference('showQuickQuestions', v)}
          disabled={isLoading}
          aria-describedby={`${id('quick')}-description`}
          data-testid="preference-quick-questions"
        />
      </Row>

      <Row id={id('tip')} label="Help tip" inline description="Show the help tip on the home page while a conversation is empty.">
        <Switch
          id={id('tip')}
          checked={preferences.showHelpTip}
          onCheckedChange={(v) => savePreference('showHelpTip', v)}
          disabled={isLoading}
          aria-describedby={`${id('tip')}-description`}
          data-testid="preference-help-tip"
        />
      </Row>

      <Row id={id('units')} label="Measurement system" description="Units for weather, altitude and distances.">
        <Select
          value={preferences.measurementSystem}
          onValueChange={(v) => isOneOf(MEASUREMENT_SYSTEMS, v) && savePreference('measurementSystem', v)}
          disabled={isLoading}
        >
          <SelectTrigger id={id('units')} aria-describedby={`${id('units')}-description`} data-testid="preference-measurement">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {MEASUREMENT_SYSTEMS.map((m) => (
              <SelectItem key={m} value={m}>
                {MEASUREMENT_LABELS[m]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Row>

      <Row id={id('updates')} label="Feature updates" inline description="Hear about new features and improvements.">
        <Switch
          id={id('updates')}
          checked={preferences.featureUpdates}
          onCheckedChange={(v) => savePreference('featureUpdates', v)}
          disabled={isLoading}
          aria-describedby={`${id('updates')}-description`}
          data-testid="preference-feature-updates"
        />
      </Row>

      <div className="py-4 last:pb-0">
        <Row id={id('country')} label="Country" description="Where you fly: the rules the assistant starts from.">
          <Select
            value={preferences.country}
            onValueChange={(v) => isOneOf(COUNTRIES, v) && savePreference('country', v)}
            disabled={isLoading}
          >
            <SelectTrigger id={id('country')} aria-describedby={`${id('country')}-description`} data-testid="preference-country">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {COUNTRIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {COUNTRY_NAMES[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Row>
        {preferences.country !== 'US' && <CountryNote country={preferences.country} />}
      </div>
    </div>
  );
}

/** Doc 1 §8: a non-US country gets a note that regulation data is most comprehensive for the US. */
function CountryNote({ country }: { country: Country }) {
  return (
    <p role="note" data-testid="country-note" className="mt-3 flex items-start gap-2 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Regulation data is most comprehensive for the United States. Rules for {COUNTRY_NAMES[country]} may be less complete, so check
        with your national aviation authority.
      </span>
    </p>
  );
}
