import { outputPathOf } from '../../engine/inspect';
import { onPage, type Finding } from '../finding';
import type { BuiltOutput } from '../read-output';

const REBUILD = 'the output was changed after the build: run `sitegen build`';

/**
 * No URL is lost: every URL an earlier build served is a page or a redirect now (the build
 * only warns about one that is neither; here it is an error), and every redirect has its page
 * at the old URL and leads to a page of this build.
 */
export function checkRedirects(output: BuiltOutput): Finding[] {
  const findings: Finding[] = [];
  for (const [url, { route, locale }] of output.lost) {
    findings.push(
      onPage(
        'check/lost-url',
        url,
        `an earlier build served this URL (${route === undefined ? 'a redirect' : `route "${route}"`}, ${locale}); now it has neither a page nor a redirect`,
        `redirect it in content/redirects.yaml ("- { from: ${url}, to: <a page URL> }") and build again`,
      ),
    );
  }
  for (const [from, to] of output.redirects) {
    if (!output.manifest.has(to)) findings.push(onPage('check/redirect', from, `redirects to ${to}, which is not a page of this build`, REBUILD));
    if (!output.files.has(outputPathOf(from, 'index.html'))) {
      findings.push(onPage('check/redirect', from, `has no redirect page: the output has no ${outputPathOf(from, 'index.html')}`, REBUILD));
    }
  }
  return findings;
}
