import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Rocket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { staffCan } from '../../../../shared/admin-permissions.ts';
import {
  FEATURE_NAME_MAX,
  FEATURE_STATUSES,
  FEATURE_STATUS_LABELS,
  FEATURE_TEXT_MAX,
  GATED_FEATURES,
  createFeatureSchema,
  type DeveloperFeature,
  type FeatureStatus,
} from '../../../../shared/features.ts';
import { TIERS, type Tier } from '../../../../shared/tiers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { Loading, NativeSelect, StaffPage, formatWhen, serverMessage } from '../../admin/index.ts';
import { useTierAccess } from '../../auth/index.ts';
import { ENABLED_FEATURES_KEY, FEATURES_KEY, createFeature, rolloutFeature, updateFeature } from '../api.ts';
import { useDeveloperFeatures } from '../hooks/use-features.ts';

const statusVariant: Record<FeatureStatus, 'secondary' | 'warning' | 'success'> = {
  development: 'secondary',
  testing: 'warning',
  ready_for_production: 'success',
};

/** /developer/features 'Developer Features' (doc 3 §2.5, §4, §6): list, create, status change and rollout. */
export function DeveloperFeaturesPage() {
  const { tierPair } = useTierAccess();
  const canChange = tierPair !== null && staffCan(tierPair, 'features', 'change');
  const canRollout = tierPair !== null && staffCan(tierPair, 'features', 'rollout');
  const features = useDeveloperFeatures();
  const [rollingOut, setRollingOut] = useState<DeveloperFeature | null>(null);
  const list = features.data?.features ?? [];

  return (
    <StaffPage
      testId="developer-features-page"
      title="Developer Features"
      description="Features move from development to testing to ready for production; a super admin then rolls them out to tiers. A rolled-out feature is switched on by the server for those tiers at their next request."
      back={{ to: '/profile', label: 'Back to Profile' }}
      links={[{ to: '/admin/analytics', label: 'Analytics' }]}
    >
      {canChange && <CreateFeatureCard />}
      {features.isLoading ? (
        <Loading label="Loading features" />
      ) : features.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load features: {serverMessage(features.error)}
        </p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-features">
            No features yet
          </CardContent>
        </Card>
      ) : (
        <ul className="grid min-w-0 gap-3" aria-label="Features">
          {list.map((f) => (
            <FeatureRow key={f.id} feature={f} canChange={canChange} canRollout={canRollout} onRollout={() => setRollingOut(f)} />
          ))}
        </ul>
      )}
      {rollingOut && <RolloutDialog key={rollingOut.id} feature={rollingOut} onClose={() => setRollingOut(null)} />}
    </StaffPage>
  );
}

function CreateFeatureCard() {
  const queryClient = useQueryClient();
  const [featureName, setFeatureName] = useState('');
  const [description, setDescription] = useState('');
  const [rolloutPlan, setRolloutPlan] = useState('');
  const [errors, setErrors] = useState<{ featureName?: string; description?: string }>({});
  const create = useMutation({
    mutationFn: createFeature,
    onSuccess: async (f) => {
      setFeatureName('');
      setDescription('');
      setRolloutPlan('');
      await queryClient.invalidateQueries({ queryKey: FEATURES_KEY });
      toast({ title: 'Feature Created', description: f.featureName });
    },
    onError: (e) => toast({ title: 'Creation Failed', description: serverMessage(e), variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createFeatureSchema.safeParse({ featureName, description, rolloutPlan });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'featureName' || key === 'description') found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate({ featureName, description, rolloutPlan });
  };
  const gated = Object.values(GATED_FEATURES);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Create a feature
        </CardTitle>
        <CardDescription>
          The server gates these capabilities by feature name: {gated.map((g) => g.name).join(', ')}.{' '}
          {gated.map((g) => (
            <button
              key={g.name}
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => {
                setFeatureName(g.name);
                setDescription(g.description);
              }}
            >
              Fill in {g.name}
            </button>
          ))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="feature-name">Feature name</Label>
            <Input
              id="feature-name"
              value={featureName}
              maxLength={FEATURE_NAME_MAX}
              aria-invalid={errors.featureName ? true : undefined}
              aria-describedby={errors.featureName ? 'feature-name-error' : undefined}
              onChange={(e) => setFeatureName(e.target.value)}
            />
            {errors.featureName && (
              <p id="feature-name-error" className="text-sm text-destructive">
                {errors.featureName}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="feature-description">Description</Label>
            <Textarea
              id="feature-description"
              rows={2}
              value={description}
              maxLength={FEATURE_TEXT_MAX}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'feature-description-error' : undefined}
              onChange={(e) => setDescription(e.target.value)}
            />
            {errors.description && (
              <p id="feature-description-error" className="text-sm text-destructive">
                {errors.description}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="feature-plan">Rollout plan (optional)</Label>
            <Textarea id="feature-plan" rows={2} value={rolloutPlan} maxLength={FEATURE_TEXT_MAX} onChange={(e) => setRolloutPlan(e.target.value)} />
          </div>
          <Button type="submit" className="w-fit" disabled={create.isPending} data-testid="create-feature">
            <Plus aria-hidden />
            Create Feature
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function FeatureRow({ feature: f, canChange, canRollout, onRollout }: { feature: DeveloperFeature; canChange: boolean; canRollout: boolean; onRollout: () => void }) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (status: FeatureStatus) => updateFeature(f.id, { status }),
    onSuccess: async (u) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: FEATURES_KEY }), queryClient.invalidateQueries({ queryKey: ENABLED_FEATURES_KEY })]);
      toast({ title: 'Feature Updated', description: `${u.featureName}: ${FEATURE_STATUS_LABELS[u.status]}` });
    },
    onError: (e) => toast({ title: 'Update Failed', description: serverMessage(e), variant: 'destructive' }),
  });
  return (
    <li>
      <Card data-testid="feature-row">
        <CardContent className="grid gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{f.featureName}</span>
            <Badge variant={statusVariant[f.status]} data-testid="feature-status">
              {FEATURE_STATUS_LABELS[f.status]}
            </Badge>
          </div>
          <p className="text-sm [overflow-wrap:anywhere]">{f.description}</p>
          {f.rolloutPlan && <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">Plan: {f.rolloutPlan}</p>}
          <p className="text-xs text-muted-foreground" data-testid="feature-tiers">
            {f.enabledForTiers.length > 0 ? `Rolled out to ${f.enabledForTiers.join(', ')}` : 'Not rolled out'}
            {f.deployedAt ? ` · deployed ${formatWhen(f.deployedAt)}` : ''}
            {f.productionReadyAt ? ` · ready ${formatWhen(f.productionReadyAt)}` : ''} · created {formatWhen(f.createdAt)}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            {canChange && (
              <div className="grid gap-1.5">
                <Label htmlFor={`status-${f.id}`}>Status</Label>
                <NativeSelect
                  id={`status-${f.id}`}
                  className="w-56"
                  value={f.status}
                  disabled={update.isPending}
                  onChange={(e) => update.mutate(e.target.value as FeatureStatus)}
                  aria-label={`Status of ${f.featureName}`}
                >
                  {FEATURE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {FEATURE_STATUS_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
            {canRollout && (
              <Button variant="outline" onClick={onRollout} disabled={f.status !== 'ready_for_production'} aria-label={`Roll out ${f.featureName}`}>
                <Rocket aria-hidden />
                Roll Out
              </Button>
            )}
          </div>
          {canRollout && f.status !== 'ready_for_production' && <p className="text-xs text-muted-foreground">Roll-out opens once the feature is ready for production.</p>}
        </CardContent>
      </Card>
    </li>
  );
}

function RolloutDialog({ feature, onClose }: { feature: DeveloperFeature; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [tiers, setTiers] = useState<Tier[]>(feature.enabledForTiers);
  const rollout = useMutation({
    mutationFn: () => rolloutFeature(feature.id, tiers),
    onSuccess: async (f) => {
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: FEATURES_KEY }), queryClient.invalidateQueries({ queryKey: ENABLED_FEATURES_KEY })]);
      toast({ title: 'Feature Rolled Out', description: f.enabledForTiers.length ? `${f.featureName} is on for ${f.enabledForTiers.join(', ')}.` : `${f.featureName} is off for every tier.` });
    },
    onError: (e) => toast({ title: 'Rollout Failed', description: serverMessage(e), variant: 'destructive' }),
  });
  const toggle = (t: Tier, on: boolean) => setTiers((cur) => (on ? [...cur, t] : cur.filter((x) => x !== t)));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Roll out {feature.featureName}</DialogTitle>
          <DialogDescription>Choose the tiers that get this feature. Clearing every tier withdraws it.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <legend className="sr-only">Tiers</legend>
          {TIERS.map((t) => (
            <label key={t} className="flex items-center gap-2 rounded-md border p-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={tiers.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
              {t}
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => rollout.mutate()} disabled={rollout.isPending} data-testid="confirm-rollout">
            <Rocket aria-hidden />
            Roll Out
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
