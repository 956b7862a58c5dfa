// A real SMTP server for the browser suite: the app sends its mails here (SMTP_URL), and tests read them
// back over a small HTTP endpoint. Nothing is faked: the mails are what the product really sent.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

function decodeQuotedPrintable(text) {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers, body) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain body of a raw message (single part or multipart), decoded. */
export function plainText(raw) {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodePart(headers, body);
  for (const part of body.split(`--${boundary}`)) {
    if (/content-type:\s*multipart\//i.test(part)) {
      const nested = plainText(part.replace(/^\r?\n/, ''));
      if (nested) return nested;
    }
    if (/content-type:\s*text\/plain/i.test(part)) return plainText(part.replace(/^\r?\n/, ''));
  }
  return '';
}

export async function startMailbox({ smtpPort, httpPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        for (const to of session.envelope.rcptTo)
          messages.push({
            to: to.address.toLowerCase(),
            subject,
            text: plainText(raw),
            receivedAt: Date.now(),
          });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((message) => !to || message.to === to);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));

  return {
    async close() {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
