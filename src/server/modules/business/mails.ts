import type { MailMessage } from '../../providers/mail/mail-provider.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const dateText = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function pilotInvitationMail(opts: { to: string; url: string; companyName: string | null; inviterEmail: string; expiresAt: Date }): MailMessage {
  const business = opts.companyName ?? opts.inviterEmail;
  const until = dateText(opts.expiresAt);
  return {
    to: opts.to,
    subject: `${business} invited you to fly as a pilot on Drone Doctor`,
    text:
      `${business} (${opts.inviterEmail}) invited you to join their team on Drone Doctor as a pilot.\n\n` +
      `As a pilot you get the business plan: unlimited AI assistant questions, unlimited drones, and the team's own knowledge base.\n\n` +
      `Accept the invitation with this link (valid until ${until}, once):\n\n${opts.url}\n\n` +
      `If you did not expect this invitation, ignore this message.`,
    html:
      `<p>${escape(business)} (${escape(opts.inviterEmail)}) invited you to join their team on Drone Doctor as a pilot.</p>` +
      `<p>As a pilot you get the business plan: unlimited AI assistant questions, unlimited drones, and the team's own knowledge base.</p>` +
      `<p><a href="${escape(opts.url)}">Accept the invitation</a> (valid until ${escape(until)}, once).</p>` +
      `<p>If you did not expect this invitation, ignore this message.</p>`,
  };
}
