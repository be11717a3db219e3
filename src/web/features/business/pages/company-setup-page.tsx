import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackLink } from '../../../components/back-link.tsx';
import { BookOpen, Building2, CheckCircle2, Circle, CloudSun, FileText, Lock, MessageSquare, Users } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BUSINESS_MESSAGES as M, needsCompanySetup, profileInputSchema, type BusinessProfile } from '../../../../shared/business.ts';
import { SESSION_KEYS } from '../../../../shared/constants.ts';
import { StatusCard } from '../../../components/status-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTierAccess } from '../../auth/index.ts';
import { BUSINESS_PROFILE_KEY, setupBusinessProfile, updateBusinessProfile } from '../api.ts';
import { CompanyFields, companyValuesOf, fieldErrorsOf, type CompanyValues } from '../components/company-fields.tsx';
import { useBusinessProfile } from '../hooks/use-business-profile.ts';

/** /company-setup (doc 2 §2): progress, the company profile form, the knowledge base and quick actions. */
export function CompanySetupPage() {
  const { tierPair, tierInfo, isLoading } = useTierAccess();
  const profile = useBusinessProfile();

  if (isLoading || (profile.business && profile.isLoading)) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading company setup" />
      </div>
    );
  }
  if (!tierPair || !profile.business) {
    return (
      <StatusCard
        icon={Lock}
        title="Company Setup"
        message="Company setup is part of the Team and Enterprise plans."
        testId="company-setup-unavailable"
        action={
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        }
      />
    );
  }
  if (profile.isError || !profile.data) {
    return (
      <p role="alert" className="p-8 text-center text-destructive">
        {profile.error instanceof ApiError ? profile.error.serverMessage : 'Could not load your company profile. Please reload the page.'}
      </p>
    );
  }
  const data = profile.data;
  const admin = data.isAdministrator && !tierInfo?.isPilot;
  const named = !needsCompanySetup(data.companyName);

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6" data-testid="company-setup-page">
      <div className="grid gap-2">
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="text-2xl font-semibold tracking-tight">Company Setup</h1>
        <p className="text-sm text-muted-foreground">
          {admin ? 'Your company profile, your custom knowledge base and your team.' : `You fly as a pilot of ${data.companyName ?? 'this business'}.`}
        </p>
      </div>

      <Card data-testid="setup-progress">
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Setup progress
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-3">
            <ProgressItem done label="Business Plan Active" detail={tierInfo?.isPilot ? 'Through your team' : 'Unlimited questions and drones'} />
            <ProgressItem done={named} label="Company Profile" detail={named ? (data.companyName ?? '') : 'Add your company name'} />
            <ProgressItem done={data.isKnowledgeBaseSetup} label="Knowledge Base" detail={data.isKnowledgeBaseSetup ? 'Ready' : 'Being prepared (24–48 hours)'} />
          </ul>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        {admin ? <ProfileForm profile={data} /> : <ProfileSummary profile={data} />}
        <div className="grid content-start gap-6">
          <KnowledgeBaseCard ready={data.isKnowledgeBaseSetup} adminEmail={data.adminEmail} />
          <QuickActions admin={admin} />
        </div>
      </div>
    </div>
  );
}

function ProgressItem({ done, label, detail }: { done: boolean; label: string; detail: string }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3" data-testid="progress-item" data-done={done}>
      {done ? <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden /> : <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />}
      <div className="min-w-0">
        <p className="font-medium">
          {label}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </p>
        <p className="truncate text-sm text-muted-foreground">{detail}</p>
      </div>
    </li>
  );
}

function ProfileForm({ profile }: { profile: BusinessProfile }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CompanyValues>(() => {
    const v = companyValuesOf(profile);
    return needsCompanySetup(v.companyName) ? { ...v, companyName: '' } : v;
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CompanyValues, string>>>({});
  const save = useMutation({
    // Before the first setup there is no profile to update: the setup call creates it.
    mutationFn: async (v: CompanyValues): Promise<unknown> => (profile.hasBusinessProfile ? updateBusinessProfile(v) : setupBusinessProfile(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: BUSINESS_PROFILE_KEY });
      toast({ title: 'Company profile saved' });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : '';
      setErrors(fieldErrorsOf(message));
      toast({ title: M.updateFailed, description: message || undefined, variant: 'destructive' });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = profileInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof CompanyValues, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof CompanyValues] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(values);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Building2 className="size-5 text-primary" aria-hidden />
          Company profile
        </CardTitle>
        <CardDescription>Administrator: {profile.adminEmail}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="company-profile-form">
          <CompanyFields idPrefix="company" values={values} onChange={setValues} errors={errors} disabled={save.isPending} />
          <Button type="submit" className="w-fit" disabled={save.isPending} data-testid="company-save">
            {save.isPending ? 'Saving…' : 'Save profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ProfileSummary({ profile }: { profile: BusinessProfile }) {
  const row = (label: string, value: ReactNode) => (
    <div className="grid gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{value ?? '—'}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <Building2 className="size-5 text-primary" aria-hidden />
          {profile.companyName ?? 'Your business'}
        </CardTitle>
        <CardDescription>Only the administrator ({profile.adminEmail}) can change this profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {row('Industry', profile.industry)}
          {row('Website', profile.website)}
          {row('Description', profile.description)}
        </dl>
      </CardContent>
    </Card>
  );
}

function KnowledgeBaseCard({ ready, adminEmail }: { ready: boolean; adminEmail: string | null }) {
  return (
    <Card data-testid="knowledge-base-card">
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-lg">
          <BookOpen className="size-5 text-primary" aria-hidden />
          Custom knowledge base
          {ready ? <Badge variant="success">Ready</Badge> : <Badge variant="warning">Pending</Badge>}
        </CardTitle>
        <CardDescription>
          {ready
            ? "Your team's documents are part of the assistant's answers."
            : `Your knowledge base is being prepared; this takes 24 to 48 hours after your documents are approved. Meanwhile the assistant answers from its general drone knowledge${adminEmail ? `, and we will e-mail ${adminEmail} when it is ready` : ''}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" size="sm">
          <Link to="/documents">
            <FileText aria-hidden />
            {ready ? 'Manage documents' : 'Upload documents'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function QuickActions({ admin }: { admin: boolean }) {
  const openPilots = () => {
    try {
      sessionStorage.setItem(SESSION_KEYS.startTab, 'pilots');
    } catch {
      // The profile opens on its first tab instead.
    }
  };
  const actions = [
    { to: '/chat', icon: MessageSquare, label: 'Ask the assistant' },
    { to: '/documents', icon: FileText, label: 'Documents' },
    admin ? { to: '/profile', icon: Users, label: 'Manage pilots', onClick: openPilots } : { to: '/profile', icon: Users, label: 'My profile' },
    { to: '/weather', icon: CloudSun, label: 'Weather forecast' },
  ];
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Quick actions
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-2">
        {actions.map(({ to, icon: Icon, label, onClick }) => (
          <Button key={to} asChild variant="outline" className="h-auto justify-start py-3 whitespace-normal">
            <Link to={to} onClick={onClick}>
              <Icon aria-hidden />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
