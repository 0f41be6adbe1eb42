/**
 * Issue 36, point 5 (server side): job applications with a CV, on both pinned versions: PDF,
 * DOCX and ODT up to 5 MB are stored in a protected file field, anything else is refused naming
 * `cv`, the notification names the position and links the record, and the create limit is the
 * other forms' (4th within a minute: 429).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { python } from '../helpers/python';
import { configureMail, json, setOptions, setRecipients, leadSuite, VERSIONS, type RunningServer } from '../helpers/lead-backend';
import { PDF } from '../helpers/lead-visitor';
import { solution } from '../helpers/proof-of-work';
import type { SmtpSink } from '../helpers/smtp-sink';
const APPLICATIONS = '/api/collections/job_applications/records';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A DOCX or ODT as office suites write them: a zip with the parts that name its type. */
async function officeFile(kind: 'docx' | 'odt'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sitegen-cv-'));
  const file = path.join(dir, `cv.${kind}`);
  const script = [
    'import sys, zipfile',
    'kind, out = sys.argv[1], sys.argv[2]',
    'z = zipfile.ZipFile(out, "w")',
    'if kind == "odt":',
    '    z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")',
    '    z.writestr("META-INF/manifest.xml", "<manifest/>")',
    '    z.writestr("content.xml", "<office:document-content/>")',
    'else:',
    '    z.writestr("[Content_Types].xml", "<Types/>")',
    '    z.writestr("_rels/.rels", "<Relationships/>")',
    '    z.writestr("word/document.xml", "<w:document/>")',
    'z.close()',
  ].join('\n');
  await python(script, [kind, file]);
  const bytes = await readFile(file);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

function application(cv: { bytes: Buffer; name: string; type: string } | null, overrides: Record<string, string> = {}): Record<string, string | Blob> {
  const fields: Record<string, string | Blob> = {
    position: 'senior-react-developer',
    position_title: 'Senior React / TypeScript Developer',
    name: 'Zsófia Kovács',
    email: 'zsofia@example.org',
    phone: '+36 30 765 4321',
    message: 'Szívesen dolgoznék önöknél.',
    portfolio: 'https://zsofia.example.org',
    github: 'https://github.com/zsofia',
    linkedin: '',
    privacy: 'true',
    locale: 'hu',
    path: '/hu/karrier',
    website: '',
    ...overrides,
  };
  if (cv) fields.cv = new File([new Uint8Array(cv.bytes)], cv.name, { type: cv.type });
  return fields;
}

describe.each(VERSIONS)('job applications on PocketBase %s', (version) => {
  let server: RunningServer;
  let sink: SmtpSink;

  leadSuite(version, async (started, startedSink) => {
    server = started;
    sink = startedSink;
    await configureMail(server, sink);
    await setOptions(server, { pow_max_number: 5000 });
    await setRecipients(server, 'application', '', 'jobs@kestrelbyte.example');
  });


  async function send(fields: Record<string, string | Blob>, ip: string): Promise<{ status: number; body: { id?: string; cv?: string; data?: Record<string, { code: string }> } }> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('altcha', JSON.stringify(await solution(server)));
    const response = await fetch(`${server.url}${APPLICATIONS}`, { method: 'POST', body: form, headers: { 'X-Real-IP': ip } });
    return { status: response.status, body: (await response.json()) as never };
  }

  test('a PDF, a DOCX and an ODT are stored protected; the notification names the position and links the record', async () => {
    await json(server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ trustedProxy: { headers: ['X-Real-IP'] } }) }));
    const before = sink.messages.length;
    const pdf = await send(application({ bytes: PDF, name: 'Kovács Zsófia önéletrajz.pdf', type: 'application/pdf' }), '192.0.2.10');
    expect(pdf.status).toBe(200);
    const docx = await send(
      application({ bytes: await officeFile('docx'), name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
      '192.0.2.10',
    );
    expect(docx.status).toBe(200);
    const odt = await send(application({ bytes: await officeFile('odt'), name: 'cv.odt', type: 'application/vnd.oasis.opendocument.text' }), '192.0.2.10');
    expect(odt.status).toBe(200);

    // Protected: not without a superuser's file token, also not with the record's id.
    const id = pdf.body.id!;
    const stored = await json<{ cv: string; collectionId: string }>(server.api(`${APPLICATIONS}/${id}`, { superuser: true }));
    expect(stored.cv).toMatch(/\.pdf$/);
    const fileUrl = `/api/files/job_applications/${id}/${stored.cv}`;
    expect((await server.api(fileUrl)).status).not.toBe(200);
    const { token } = await json<{ token: string }>(server.api('/api/files/token', { method: 'POST', superuser: true }));
    const download = await server.api(`${fileUrl}?token=${token}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const mails = (await sink.waitFor(before + 3)).slice(before);
    const mail = mails.find((m) => m.parsed.text?.includes(id))!;
    expect(mail.to).toEqual(['jobs@kestrelbyte.example']);
    expect(mail.parsed.subject).toBe('New job application via the application form for Senior React / TypeScript Developer from Zsófia Kovács <zsofia@example.org>');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('zsofia@example.org');
    expect(mail.parsed.text).toContain('Position id:\nsenior-react-developer');
    expect(mail.parsed.text).toContain('GitHub:\nhttps://github.com/zsofia');
    expect(mail.parsed.text).toContain(`CV (file):\n${stored.cv} (download it from the Dashboard link below)`);
    expect(mail.parsed.text).toContain(`collection=${stored.collectionId}&recordId=${id}`);
  });

  test('another file type, a file over 5 MB, no file or no consent are refused naming the field', async () => {
    const png = await send(application({ bytes: PNG, name: 'cv.pdf', type: 'application/pdf' }), '192.0.2.20');
    expect(png.status).toBe(400);
    expect(png.body.data?.cv?.code).toBe('validation_invalid_mime_type');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const tooBig = await send(application({ bytes: big, name: 'cv.pdf', type: 'application/pdf' }), '192.0.2.21');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.data?.cv?.code).toBe('validation_file_size_limit');
    const justUnder = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length, 0x20)]);
    expect((await send(application({ bytes: justUnder, name: 'cv.pdf', type: 'application/pdf' }), '192.0.2.21')).status).toBe(200);
    const none = await send(application(null), '192.0.2.22');
    expect(none.body.data?.cv?.code).toBe('validation_required');
    const noConsent = await send(application({ bytes: PDF, name: 'cv.pdf', type: 'application/pdf' }, { privacy: 'false' }), '192.0.2.22');
    expect(noConsent.body.data?.privacy?.code).toBe('validation_required');
    const badPosition = await send(application({ bytes: PDF, name: 'cv.pdf', type: 'application/pdf' }, { position: '<script>' }), '192.0.2.22');
    expect(badPosition.body.data?.position?.code).toBe('validation_invalid_format');
  });

  test('the same create limit as the other forms: the 4th within a minute answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(application({ bytes: PDF, name: 'cv.pdf', type: 'application/pdf' }), '192.0.2.30')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
