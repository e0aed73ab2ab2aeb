// Sends mail through SMTP_URL; without it, writes each mail to DATA_DIR/outbox and logs it, so a local shop still works.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
export function senderAddress(mailFrom: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (match ? match[1]! : mailFrom).trim();
}

/**
 * The sender as buyers and staff see it: the shop's current name (renamed in its settings, not at deploy time)
 * before the address of MAIL_FROM. Without a name, MAIL_FROM as it is.
 */
export function senderOf(mailFrom: string, shopName: string | null | undefined): { name: string; address: string } | string {
  const name = shopName?.replace(/[\r\n]+/g, ' ').trim();
  return name ? { name, address: senderAddress(mailFrom) } : mailFrom;
}

/** The sender as a header value: the name quoted (quotes and backslashes escaped) when it is given apart. */
export function senderHeader(from: { name: string; address: string } | string): string {
  return typeof from === 'string' ? from : `"${from.name.replace(/["\\]/g, (c) => `\\${c}`)}" <${from.address}>`;
}

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** The shop's name at the time of sending; read per mail so a rename shows on the next one. */
  senderName?: () => Promise<string | null>;
};

export function createMailer(opts: MailerOptions): Mailer {
  const smtpUrl = opts.smtpUrl;
  const sender = async () => {
    let name: string | null = null;
    try {
      name = (await opts.senderName?.()) ?? null;
    } catch (err) {
      // A mail with the configured sender beats no mail.
      opts.log.warn({ err }, 'shop name unavailable for the mail sender');
    }
    return senderOf(opts.from, name);
  };
  if (smtpUrl) {
    // nodemailer is loaded with the first mail: most hours of a shop send none (docs/decisions/0024).
    let transport: Promise<Transporter> | null = null;
    let closed = false;
    const open = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
    return {
      async send(mail) {
        await (await open()).sendMail({ from: await sender(), ...mail });
      },
      close: () => {
        if (closed) return;
        closed = true;
        void transport?.then((t) => t.close());
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.txt`);
      await writeFile(file, `From: ${senderHeader(await sender())}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      opts.log.info({ file }, 'SMTP_URL is not set: mail written to the outbox');
    },
    close: () => {},
  };
}
