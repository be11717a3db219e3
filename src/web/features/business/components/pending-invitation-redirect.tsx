import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { acceptPath, rememberedInvitation } from '../pending-invitation.ts';

/**
 * On home, where every sign-in lands: a person who chose 'Accept Invitation & Activate Account' while
 * signed out is taken back to the invitation to finish accepting it.
 */
export function PendingInvitationRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = rememberedInvitation();
    if (token) void navigate(acceptPath(token, true), { replace: true });
  }, [navigate]);
  return null;
}
