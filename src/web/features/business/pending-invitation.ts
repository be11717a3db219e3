/**
 * The invitation a signed-out person chose to accept, kept across the sign-in round trip (the sign-in
 * lands on home, maybe in another tab for an e-mail link), so acceptance resumes after it. Local
 * storage, cleared once the invitation is settled either way.
 */
const KEY = 'pendingPilotInvitation';

export function rememberInvitation(token: string) {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage unavailable: the person opens the link again after signing in.
  }
}

export function rememberedInvitation(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitation() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

export const acceptPath = (token: string, resume = false) => `/accept-invitation?token=${encodeURIComponent(token)}${resume ? '&accept=1' : ''}`;
