import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Building2, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { BUSINESS_MESSAGES as M, BUSINESS_LEN, DEFAULT_MEMBER_ROLE, needsCompanySetup, profileInputSchema } from '../../../../shared/business.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { BUSINESS_PROFILE_KEY, PENDING_INVITATIONS_KEY, setupBusinessProfile } from '../api.ts';
import { formatUsd } from '../format.ts';
import { monthlySeatPriceUsd, seatPricingText } from '../../../../shared/plans.ts';
import { CompanyFields, fieldErrorsOf, type CompanyValues } from './company-fields.tsx';

interface Member {
  key: number;
  email: string;
  role: string;
}

let nextKey = 0;
const newMember = (): Member => ({ key: nextKey++, email: '', role: DEFAULT_MEMBER_ROLE });

/** The business setup modal's dialog (see BusinessSetupModal): step 1 the company, step 2 the team. */
export function SetupDialog({ initial, pilotCount, onClose }: { initial: CompanyValues; pilotCount: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  // A placeholder name is not a name: the field starts empty.
  const [company, setCompany] = useState<CompanyValues>({ ...initial, companyName: needsCompanySetup(initial.companyName) ? '' : initial.companyName });
  const [errors, setErrors] = useState<Partial<Record<keyof CompanyValues, string>>>({});
  const [members, setMembers] = useState<Member[]>(() => [newMember()]);
  const teamSize = members.filter((m) => m.email.trim() !== '').length + pilotCount;

  const setup = useMutation({
    mutationFn: () =>
      setupBusinessProfile({ ...company, teamMembers: members.map(({ email, role }) => ({ email, role })) }),
    onSuccess: async (result) => {
      const sent = result.invited.length;
      const failed = result.notInvited.map((n) => `${n.email}: ${n.message}`).join(' ');
      toast({
        title: M.setupSuccessTitle,
        description: `${M.setupSuccess}${sent > 0 ? `. ${sent} ${sent === 1 ? 'invitation' : 'invitations'} sent.` : '.'}${failed ? ` ${failed}` : ''}`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BUSINESS_PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: PENDING_INVITATIONS_KEY }),
      ]);
      onClose();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.serverMessage : M.setupFailed;
      const fieldErrors = fieldErrorsOf(message);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        setStep(1);
      }
      toast({ title: 'Error', description: message || M.setupFailed, variant: 'destructive' });
    },
  });

  const next = () => {
    const parsed = profileInputSchema.safeParse(company);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<keyof CompanyValues, string>> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof CompanyValues] ??= issue.message;
      setErrors(fieldErrors);
      if (fieldErrors.companyName) toast({ title: M.requiredFieldTitle, description: M.companyNameRequired, variant: 'destructive' });
      return;
    }
    setErrors({});
    setStep(2);
  };

  const updateMember = (key: number, patch: Partial<Member>) => setMembers((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m)));

  return (
    <Dialog open onOpenChange={(open) => !open && !setup.isPending && onClose()}>
      <DialogContent className="max-w-xl" data-testid="business-setup-modal">
        <DialogHeader>
          <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-primary">
              {step === 1 ? <Building2 className="size-4" /> : <Users className="size-4" />}
            </span>
            Step {step} of 2
          </div>
          <DialogTitle>{step === 1 ? 'Set up your business' : 'Invite your team'}</DialogTitle>
          <DialogDescription>
            {step === 1
              ? 'Tell us about your company. Your business plan is active; this names your team and its knowledge base.'
              : 'Add your pilots by e-mail. Each gets an invitation link; when they accept, they fly under your business plan.'}
          </DialogDescription>
        </DialogHeader>

        {step === 1 ? (
          <form
            id="business-setup-step-1"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              next();
            }}
          >
            <CompanyFields idPrefix="setup" values={company} onChange={setCompany} errors={errors} />
          </form>
        ) : (
          <form
            id="business-setup-step-2"
            noValidate
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              setup.mutate();
            }}
          >
            <ul className="grid gap-3" aria-label="Team members">
              {members.map((m, i) => (
                <li key={m.key} className="grid grid-cols-[1fr_auto] items-end gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_10rem_auto] sm:border-0 sm:p-0">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`member-email-${m.key}`}>Email {i + 1}</Label>
                    <Input
                      id={`member-email-${m.key}`}
                      type="email"
                      autoComplete="off"
                      placeholder="pilot@example.com"
                      value={m.email}
                      maxLength={254}
                      onChange={(e) => updateMember(m.key, { email: e.target.value })}
                      data-testid="member-email"
                    />
                  </div>
                  <div className="order-3 col-span-2 grid gap-1.5 sm:order-2 sm:col-span-1">
                    <Label htmlFor={`member-role-${m.key}`}>Role</Label>
                    <Input id={`member-role-${m.key}`} value={m.role} maxLength={BUSINESS_LEN.role} onChange={(e) => updateMember(m.key, { role: e.target.value })} data-testid="member-role" />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="order-2 justify-self-end sm:order-3"
                    disabled={members.length === 1}
                    onClick={() => setMembers((list) => list.filter((x) => x.key !== m.key))}
                    aria-label={`Remove team member ${i + 1}`}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={members.length >= BUSINESS_LEN.teamMembers}
              onClick={() => setMembers((list) => [...list, newMember()])}
              data-testid="add-member"
            >
              <Plus aria-hidden />
              Add team member
            </Button>
            <p className="text-xs text-muted-foreground">Rows left empty are skipped. You can invite more pilots later from Profile → Pilots.</p>
            {/* The administrator sees what the team will cost before sending (ADR 0041). */}
            <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="setup-seat-cost">
              <span className="font-medium">Seats:</span> {seatPricingText()} With {teamSize} {teamSize === 1 ? 'pilot' : 'pilots'} your team costs{' '}
              {formatUsd(monthlySeatPriceUsd(teamSize))}/month once they accept.
            </p>
          </form>
        )}

        <DialogFooter className="gap-2 sm:justify-between">
          <Button type="button" variant="ghost" onClick={onClose} disabled={setup.isPending} data-testid="setup-skip">
            Skip for Now
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {step === 2 && (
              <Button type="button" variant="outline" onClick={() => setStep(1)} disabled={setup.isPending} data-testid="setup-back">
                Back
              </Button>
            )}
            {step === 1 ? (
              <Button type="submit" form="business-setup-step-1" data-testid="setup-next">
                Next
              </Button>
            ) : (
              <Button type="submit" form="business-setup-step-2" disabled={setup.isPending} data-testid="setup-complete">
                {setup.isPending ? 'Setting up…' : 'Complete Setup'}
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
