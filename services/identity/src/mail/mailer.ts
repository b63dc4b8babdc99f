import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { LOGGER } from '@kerf/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message,
 * exactly as it would have been sent, to MAIL_DIR as a .eml file a developer
 * can open (and the link is logged by the caller).
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly smtp?: Transporter;
  private readonly files?: Transporter;
  private readonly dir: string;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.dir = resolve(config.MAIL_DIR);
    if (config.SMTP_URL) this.smtp = createTransport(config.SMTP_URL);
    else this.files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Whether mail really leaves the machine (else it is written to MAIL_DIR). */
  get delivers(): boolean {
    return !!this.smtp;
  }

  /** Sends the mail; returns the file it was written to when there is no SMTP server. */
  async send(mail: Mail): Promise<string | undefined> {
    const message = { from: this.config.MAIL_FROM, ...mail };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return undefined;
    }
    const info = (await this.files!.sendMail(message)) as { message: Buffer };
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const file = join(this.dir, `${stamp}-${randomBytes(3).toString('hex')}-${safeTo}.eml`);
    // Written whole under another name, then renamed: a reader never sees half a mail.
    await writeFile(`${file}.partial`, info.message, { mode: 0o600 });
    await rename(`${file}.partial`, file);
    this.logger.debug({ file }, 'mail written');
    return file;
  }

  onModuleDestroy() {
    this.smtp?.close();
  }
}
