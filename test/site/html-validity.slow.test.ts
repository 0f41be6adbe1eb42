/**
 * Every page of the real site is valid HTML by the W3C's Nu Html Checker (npm's `vnu-jar`, a
 * pinned version, run with the machine's Java), so a new invalid construct fails CI: a frame
 * inside a `<pre>` (every highlighted code block) went unnoticed until it was measured.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../helpers/real-site';

const run = promisify(execFile);
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/**
 * The one message the checker is wrong about: `<link rel="expect" blocking="render">` is valid
 * HTML since the spec added render-blocking on `rel="expect"` (2024), which this checker
 * predates; it allows `blocking` on stylesheets only. Any other `blocking` still fails.
 */
const outdatedRule = (message: VnuMessage) =>
  message.message.startsWith('A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”') &&
  /<link rel="expect" href="#[\w-]+" blocking="render"\/?>/.test(message.extract ?? '');

let site: RealSite;
beforeAll(async () => {
  // Without Java the checker cannot run: say how to get it rather than pass without checking.
  if (spawnSync('java', ['-version']).error) {
    throw new Error('Java is missing, so the W3C checker cannot run: run npm run test:setup (it installs Debian\'s default-jre-headless)');
  }
  site = await realSite();
});

describe('the real site', () => {
  it('has no HTML error on any page (W3C Nu Html Checker)', async () => {
    const pages = [...site.files.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(200);
    // The checker exits with 1 when it finds an error; its report is on stderr either way.
    const result = await run('java', ['-Xss4m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', site.out], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stderr?: string; code?: number }) => {
        if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{')) throw error;
        return { stderr: error.stderr };
      },
    );
    const messages = (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages.filter((message) => (message.type === 'error' || message.subType === 'fatal') && !outdatedRule(message));
    const shown = messages.map((message) => `${path.relative(site.out, new URL(message.url ?? 'file:///').pathname)}:${message.lastLine}:${message.firstColumn}: ${message.message} ${JSON.stringify(message.extract ?? '')}`);
    expect(shown).toEqual([]);
  });
});
