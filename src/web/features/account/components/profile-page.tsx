import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_KEYS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { AdminToolsLinks } from '../../admin/index.ts';
import { ChatHistoryTab } from '../../assistant/index.ts';
import { PilotsTab } from '../../business/index.ts';
import { useAuth } from '../../auth/index.ts';
import { DroneList } from '../../drones/index.ts';
import { BugReportButton, FeedbackForm, HelpRequestForm } from '../../support/index.ts';
import { useTierInfo } from '../hooks/use-tier-info.ts';
import { backTarget, PROFILE_TABS, startingTab, visibleProfileTabs, type ProfileTab } from '../profile-tabs.ts';
import { readSession, removeSession } from '../session-keys.ts';
import { AccountTab } from './account-tab.tsx';

const LABELS = Object.fromEntries(PROFILE_TABS.map((t) => [t.value, t.label])) as Record<ProfileTab, string>;

/** The /profile page (doc 1 §2): tabs, a Back to where the user came from, and a starting tab on request. */
export function ProfilePage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const tier = useTierInfo({ alwaysFresh: true });
  // Read once per visit: the starting tab is a one-time request (e.g. "open Chat History").
  const [requested] = useState(() => readSession(SESSION_KEYS.startTab));
  const [chosen, setChosen] = useState<ProfileTab | null>(null);
  useEffect(() => removeSession(SESSION_KEYS.startTab), []);

  if (!user) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading profile" />
      </div>
    );
  }

  const visible = visibleProfileTabs({
    tiers: tier.data ? { tier: tier.data.tier, originalTier: tier.data.originalTier } : null,
    isPilot: tier.data?.isPilot ?? user.isPilot,
    isStaffAccount: user.isStaffAccount,
  });
  // A requested tab the tier has not unlocked yet (still loading) waits rather than falling back for good.
  const active = chosen && visible.includes(chosen) ? chosen : startingTab(requested, visible);
  const goBack = () => void navigate(backTarget(readSession(SESSION_KEYS.returnPath)));

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6" data-testid="profile-page">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" onClick={goBack} data-testid="profile-back" className="-ml-3 w-fit">
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
          <p className="truncate text-sm text-muted-foreground">{user.displayName ?? user.email}</p>
        </div>
      </div>

      <Tabs value={active} onValueChange={(v) => setChosen(v as ProfileTab)}>
        <TabsList className="h-auto w-full flex-wrap justify-start gap-1" aria-label="Profile sections">
          {visible.map((tab) => (
            <TabsTrigger key={tab} value={tab} data-testid={`profile-tab-${tab}`}>
              {LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="account" className="mt-6">
          <AccountTab user={user} />
        </TabsContent>
        <TabsContent value="drones" className="mt-6">
          <DroneList via="profile" />
        </TabsContent>
        <TabsContent value="history" className="mt-6">
          <ChatHistoryTab />
        </TabsContent>
        <TabsContent value="help" className="mt-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Get help
              </CardTitle>
              <CardDescription>Ask us anything about your account, your drones or the app.</CardDescription>
            </CardHeader>
            <CardContent>
              <HelpRequestForm user={user} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="feedback" className="mt-6 grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Feedback
              </CardTitle>
              <CardDescription>Tell us what works, what does not, and what you would like next.</CardDescription>
            </CardHeader>
            <CardContent>
              <FeedbackForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle as="h2" className="text-lg">
                  Found a bug?
                </CardTitle>
                <CardDescription>Report it and we will look into it.</CardDescription>
              </div>
              <BugReportButton withLabel variant="outline" />
            </CardHeader>
          </Card>
        </TabsContent>
        {visible.includes('pilots') && (
          <TabsContent value="pilots" className="mt-6">
            <PilotsTab />
          </TabsContent>
        )}
        {visible.includes('admin') && (
          <TabsContent value="admin" className="mt-6">
            {tier.data && <AdminToolsLinks tierPair={{ tier: tier.data.tier, originalTier: tier.data.originalTier }} />}
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
