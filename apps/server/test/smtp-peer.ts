// A real SMTP peer for the mail tests: it accepts every message on a free local port and keeps it, decoded, in an
// inbox the test reads. Nothing is mocked: the server's mailer talks SMTP to it like to a provider.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

export type SmtpPeer = {
  /** `smtp://127.0.0.1:<port>`, for the app's `SMTP_URL`. */
  url: string;
  inbox: ReceivedMail[];
  /** Waits, within a bound, until the inbox holds `count` mails, and answers the last of them. */
  waitForMail(count: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: mailText(raw) });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const server = smtp.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async waitForMail(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (inbox.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) within ${timeoutMs} ms, got ${inbox.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return inbox[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The body of a single-part mail, undoing the transfer encoding nodemailer chose. */
function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const content = raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return content;
}
