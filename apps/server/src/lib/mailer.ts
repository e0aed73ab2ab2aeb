// Sends mail through SMTP_URL; without it, writes each mail to DATA_DIR/outbox and logs it, so a local shop still works.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const smtpUrl = opts.smtpUrl;
  if (smtpUrl) {
    // nodemailer is loaded with the first mail: most hours of a shop send none (docs/decisions/0406).
    let transport: Promise<Transporter> | null = null;
    let closed = false;
    const open = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
    return {
      async send(mail) {
        await (await open()).sendMail({ from: opts.from, ...mail });
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
      await writeFile(file, `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      opts.log.info({ file }, 'SMTP_URL is not set: mail written to the outbox');
    },
    close: () => {},
  };
}
