import type { MailMessage } from '../../providers/mail/mail-provider.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const magicLinkMail = (to: string, url: string): MailMessage => ({
  to,
  subject: 'Your Drone Doctor sign-in link',
  text: `Sign in to Drone Doctor with this link (valid for 15 minutes):\n\n${url}\n\nIf you did not ask for it, ignore this message.`,
  html: `<p>Sign in to Drone Doctor with this link (valid for 15 minutes):</p><p><a href="${escape(url)}">Sign in to Drone Doctor</a></p><p>If you did not ask for it, ignore this message.</p>`,
});

export const verificationMail = (to: string, url: string): MailMessage => ({
  to,
  subject: 'Verify your Drone Doctor e-mail address',
  text: `Confirm your e-mail address for Drone Doctor:\n\n${url}`,
  html: `<p>Confirm your e-mail address for Drone Doctor:</p><p><a href="${escape(url)}">Verify e-mail</a></p>`,
});
