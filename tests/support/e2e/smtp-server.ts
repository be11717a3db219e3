import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text/plain part (or the whole decoded body of a single-part message). */
  text: string;
  raw: string;
}

export interface SmtpServer {
  url: string;
  readonly messages: readonly ReceivedMail[];
  /** Polls until a message to `to` arrives (addresses compared case-insensitively). */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (s: string) => {
  const bytes: number[] = [];
  const unwrapped = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

const splitHeaders = (part: string): [string, string] => {
  const at = part.search(/\r?\n\r?\n/);
  if (at < 0) return [part, ''];
  const gap = /\r?\n\r?\n/.exec(part.slice(at))![0].length;
  return [part.slice(0, at), part.slice(at + gap)];
};

/** Unfolds headers and decodes an RFC 2047 encoded-word subject (nodemailer encodes non-ASCII ones). */
function headerValue(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The text/plain part of a (possibly multipart) message, transfer-decoded. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [headers, body] = splitHeaders(raw);
  const subject = headerValue(headers, 'subject');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body) };
  const parts = body.split(`--${boundary}`).slice(1);
  for (const part of parts) {
    const [partHeaders, partBody] = splitHeaders(part.replace(/^\r?\n/, ''));
    if (/^content-type:\s*text\/plain/im.test(partHeaders)) return { subject, text: decodeBody(partHeaders, partBody) };
  }
  return { subject, text: '' };
}

/** The first http(s) URL in a mail's text, whole even if the text wrapped it. */
export const firstUrl = (text: string): string | undefined => /https?:\/\/[^\s<>"']+/.exec(text)?.[0];

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message. STARTTLS is switched off so the
 * app's nodemailer talks plain SMTP to it, as it would to a local relay.
 */
export async function startSmtpServer(): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { subject, text } = parseMail(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(to, timeoutMs = 15_000) {
      const wanted = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(wanted));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${messages.length})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
