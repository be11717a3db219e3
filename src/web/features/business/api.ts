import type {
  AcceptResponse,
  BusinessProfile,
  InvitationPreview,
  InvitationSent,
  PendingInvitation,
  Pilot,
  ProfileInput,
  SetupInput,
  SetupResponse,
} from '../../../shared/business.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Query keys are the paths (doc 2 §7); the home banner reads the same current-profile key. */
export const BUSINESS_PROFILE_KEY = ['/api/business-profile/current'] as const;
export const PILOTS_KEY = ['/api/pilots'] as const;
export const PENDING_INVITATIONS_KEY = ['/api/pilot-invitations/pending'] as const;

export const fetchBusinessProfile = () => apiGet<BusinessProfile>('/api/business-profile/current');
export const setupBusinessProfile = (body: SetupInput) => apiSend<SetupResponse>('POST', '/api/business-profile/setup', { body });
export const updateBusinessProfile = (body: ProfileInput) => apiSend<BusinessProfile>('POST', '/api/business-profile/update', { body });

export const fetchPilots = () => apiGet<Pilot[]>('/api/pilots');
export const fetchPendingInvitations = () => apiGet<PendingInvitation[]>('/api/pilot-invitations/pending');
export const invitePilot = (email: string) => apiSend<InvitationSent>('POST', '/api/pilots/invite', { body: { email } });
export const cancelInvitation = (id: string) => apiSend<unknown>('DELETE', `/api/pilot-invitations/${encodeURIComponent(id)}`);
export const removePilot = (id: string) => apiSend<unknown>('DELETE', `/api/pilots/${encodeURIComponent(id)}`);

export const lookupInvitation = (token: string) => apiSend<InvitationPreview>('POST', '/api/pilot-invitations/lookup', { body: { token } });
export const acceptInvitation = (token: string) => apiSend<AcceptResponse>('POST', '/api/pilots/accept-invitation', { body: { token } });
