import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/**
 * The development mailbox: with no SMTP_URL, each message is written as an RFC 822 file
 * (`<time>-<id>.eml`, readable by this OS user only) under DATA_DIR/mailbox, where the operator who
 * runs the server opens it with any mail client. It is the recipient's copy (links included), so it
 * lives on the server's disk and is never served by the app; the admin outbox shows only the
 * redacted copy and the delivery status.
 */
export function mailboxDir(dataDir: string): string {
  return path.join(dataDir, 'mailbox');
}

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
}

/** The message as sent: nodemailer builds the same MIME for a file as for SMTP. */
export function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'X-Mail-Template': mail.template },
    textEncoding: 'quoted-printable' as const,
  };
}

const builder = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: 'unix',
});

export async function writeToMailbox(
  dir: string,
  mail: OutgoingMail,
  createdAt: Date,
): Promise<void> {
  const info = await builder.sendMail(toNodemailer(mail));
  const raw: unknown = info.message;
  if (!Buffer.isBuffer(raw)) throw new Error('mail builder returned no buffer');
  const stamp = createdAt.toISOString().replace(/[-:.]/g, '');
  const file = path.join(dir, `${stamp}-${mail.id}.eml`);
  // 'w' rather than 'wx': a retry after a crash between the write and the commit rewrites the file.
  try {
    await fs.writeFile(file, raw, { mode: 0o600 });
  } catch (error) {
    // The mailbox is made by its first message (a mkdir before every write cost ~90 us each).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.writeFile(file, raw, { mode: 0o600 });
  }
}

// Reading (development tools and tests) --------------------------------------------------------

export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  template: string;
  text: string;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words (a folded long subject) is not part of the text (RFC 2047).
  return value
    .replace(/(\?=)\s+(?==\?UTF-8\?)/gi, '$1')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: headersOf(raw), body: '' };
  return { headers: headersOf(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** The decoded part, with line ends as the message was written (SMTP turns them into CRLF). */
function decodePart(part: { headers: Map<string, string>; body: string }): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(part.body)
      : encoding === 'base64'
        ? Buffer.from(part.body, 'base64').toString('utf8')
        : part.body;
  return decoded.replace(/\r\n/g, '\n');
}

/** The text part of one message file. */
export function parseMessage(file: string, raw: string): MailboxMessage {
  const message = split(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  let text = decodePart(message);
  if (boundary) {
    for (const chunk of message.body.split(`--${boundary}`)) {
      const part = split(chunk.replace(/^\r?\n/, ''));
      if (/^text\/plain/i.test(part.headers.get('content-type') ?? '')) {
        text = decodePart(part).replace(/\r?\n$/, '');
        break;
      }
    }
  }
  return {
    file,
    to: message.headers.get('to') ?? '',
    subject: decodeWords(message.headers.get('subject') ?? ''),
    template: message.headers.get('x-mail-template') ?? '',
    text,
  };
}

/** Every message in the mailbox, oldest first (an absent mailbox is empty). */
export async function readMailbox(dir: string): Promise<MailboxMessage[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => parseMessage(name, await fs.readFile(path.join(dir, name), 'utf8'))),
  );
}
