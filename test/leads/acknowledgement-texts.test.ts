/**
 * The acknowledgement mail's texts live in `locales/` (mail.acknowledgement.*) like every other
 * text; the hooks can't read them there on a server, so pocketbase/pb_hooks/lead-pipeline/ carries a copy,
 * which this test keeps equal (`UPDATE_ACK_TEXTS=1` writes it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SITE_LOCALES } from '../helpers/site';

const REPO = path.resolve(import.meta.dirname, '../..');
const COPY = path.join(REPO, 'pocketbase/pb_hooks/lead-pipeline/acknowledgement-texts.json');

test('the hooks carry the acknowledgement texts of locales/', () => {
  const texts: Record<string, { subject: string; body: string }> = {};
  for (const { code } of SITE_LOCALES.all) {
    const messages = JSON.parse(readFileSync(path.join(REPO, 'locales', `${code}.json`), 'utf8')) as { mail: { acknowledgement: { subject: string; body: string } } };
    texts[code] = messages.mail.acknowledgement;
    // Nothing of the visitor's in it: no placeholders to fill.
    expect(texts[code]!.subject + texts[code]!.body).not.toMatch(/[{}]/);
  }
  const expected = `${JSON.stringify(texts, null, 2)}\n`;
  if (process.env.UPDATE_ACK_TEXTS) writeFileSync(COPY, expected);
  expect(readFileSync(COPY, 'utf8')).toBe(expected);
});
