import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History, Search, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_MESSAGES, DISPLAYED_ID_LENGTH, type AdminUser } from '../../../../shared/admin.ts';
import { STAFF_TIERS, staffCan } from '../../../../shared/admin-permissions.ts';
import { TIERS, isSuperAdmin, type Tier } from '../../../../shared/tiers.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth, useTierAccess } from '../../auth/index.ts';
import { USERS_KEY, assignTier } from '../api.ts';
import { LoadMore, Loading, NativeSelect, StaffPage, formatWhen, serverMessage } from '../components/staff-page.tsx';
import { useAdminUsers } from '../hooks/use-admin.ts';
import { useDebounced } from '../hooks/use-debounced.ts';

const nameOf = (u: AdminUser) => u.displayName || [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** /admin/users 'User Management' (doc 3 §2.5, §5): search by e-mail, display name or id, and assign tiers. */
export function UserManagementPage() {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const { tierPair } = useTierAccess();
  const canChange = tierPair !== null && staffCan(tierPair, 'users', 'change');
  const superAdmin = tierPair !== null && isSuperAdmin(tierPair);
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query);
  const users = useAdminUsers(debounced);
  const list = users.data?.pages.flatMap((p) => p.users) ?? [];
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const [tier, setTier] = useState<Tier | ''>('');

  const assign = useMutation({
    mutationFn: ({ id, tier }: { id: string; tier: Tier }) => assignTier(id, tier),
    onSuccess: async (updated) => {
      setSelected(updated);
      setTier('');
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      toast({ title: 'Tier Updated', description: `${updated.email} is now ${updated.tier}.` });
    },
    onError: (e) => toast({ title: 'Failed to update user tier', description: serverMessage(e), variant: 'destructive' }),
  });

  const submit = () => {
    if (!selected || !tier) {
      toast({ title: ADMIN_MESSAGES.selectUserAndTier, variant: 'destructive' });
      return;
    }
    assign.mutate({ id: selected.id, tier });
  };
  // Only a super_admin may hand out staff tiers; the server refuses the rest anyway.
  const offered = TIERS.filter((t) => superAdmin || !STAFF_TIERS.includes(t));

  return (
    <StaffPage
      testId="user-management-page"
      title="User Management"
      description="Find a user by e-mail, display name or id, and set their tier. Every change is recorded with who made it."
      back={{ to: '/profile', label: 'Back to Profile' }}
      links={[{ to: '/admin/analytics', label: 'Analytics' }]}
    >
      {canChange && (
        <Card data-testid="assign-tier">
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Assign a tier
            </CardTitle>
            <CardDescription>
              Nobody changes their own tier, and only a super admin grants or removes admin, developer or super admin. The staff e-mail lists of the
              server's configuration (ADMIN_EMAILS, SUPER_ADMIN_EMAILS, DEVELOPER_EMAILS) win again at that person's next sign-in.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end">
            <div className="grid min-w-0 gap-1.5">
              <span className="text-sm font-medium">User</span>
              <p className="min-h-10 truncate rounded-md border border-dashed px-3 py-2 text-sm" data-testid="selected-user">
                {selected ? `${selected.email} (${selected.tier})` : 'Choose a user below'}
              </p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="tier-select">Tier</Label>
              <NativeSelect id="tier-select" value={tier} onChange={(e) => setTier(e.target.value as Tier | '')}>
                <option value="">Select a tier</option>
                {offered.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button onClick={submit} disabled={assign.isPending} data-testid="update-tier">
              <UserCheck aria-hidden />
              Update Tier
            </Button>
          </CardContent>
        </Card>
      )}

      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          aria-label="Search users"
          className="pl-9"
          placeholder="Search by e-mail, name or id"
          value={query}
          maxLength={254}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="user-search"
        />
      </div>

      {users.isLoading ? (
        <Loading label="Loading users" />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Error loading users: {serverMessage(users.error)}
        </p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground" data-testid="no-users">
            No users found
          </CardContent>
        </Card>
      ) : (
        <ul className="grid min-w-0 gap-3" aria-label="Users">
          {list.map((u) => (
            <li key={u.id}>
              <Card data-testid="user-row" className={selected?.id === u.id ? 'border-primary' : undefined}>
                <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium [overflow-wrap:anywhere]">{nameOf(u)}</span>
                      <Badge variant={STAFF_TIERS.includes(u.tier) ? 'default' : 'secondary'} data-testid="user-tier">
                        {u.tier}
                      </Badge>
                      {!u.emailVerified && <Badge variant="outline">unverified</Badge>}
                    </div>
                    <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                      {u.email} · id {u.id.slice(0, DISPLAYED_ID_LENGTH)} · last seen {formatWhen(u.lastSeenAt)}
                    </p>
                    {u.lastTierChange && (
                      <p className="flex items-start gap-1 text-xs text-muted-foreground" data-testid="tier-change">
                        <History className="mt-0.5 size-3 shrink-0" aria-hidden />
                        <span className="[overflow-wrap:anywhere]">
                          {u.lastTierChange.fromTier} → {u.lastTierChange.toTier} by {u.lastTierChange.changedBy ?? 'unknown'} on {formatWhen(u.lastTierChange.changedAt)}
                        </span>
                      </p>
                    )}
                  </div>
                  {canChange && u.id !== me?.id && (
                    <Button variant="outline" size="sm" onClick={() => setSelected(u)} aria-label={`Select ${u.email}`} aria-pressed={selected?.id === u.id}>
                      Select
                    </Button>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasNext={users.hasNextPage} loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()} />
    </StaffPage>
  );
}
