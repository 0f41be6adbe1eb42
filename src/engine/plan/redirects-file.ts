import { z } from 'zod';
import type { Problems, SourceLocation } from '../diagnostics/diagnostic';
import { pathProblem } from './route-table';
import { dataOf, locate, NO_DATA, parseYamlSource, validate } from '../read/yaml-source';

/** One redirect written in `content/redirects.yaml`: an old URL and the page it leads to. */
export interface RedirectRule {
  /** A URL as served, locale prefix included (`/hu/regi-karrier`). */
  from: string;
  /** A page URL of this build, or the `from` of another rule. */
  to: string;
  at: { from: SourceLocation; to: SourceLocation };
}

const RedirectsSchema = z.strictObject({
  redirects: z.array(z.strictObject({ from: z.string(), to: z.string() })),
});

const URL_HINT = 'write the URL path as it is served, with its locale prefix: /hu/karrier, /de/karriere, /career';

/**
 * Reads `content/redirects.yaml` (optional): its shape and duplicate sources. Whether each
 * target is a page and no source is one is decided with the page plan (`planRedirects`).
 */
export function parseRedirectsFile(text: string, file: string, problems: Problems): RedirectRule[] | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  // An empty file or one of comments only is no redirect yet.
  const read = dataOf(source, problems);
  if (read === NO_DATA) return undefined;
  const data = read ?? { redirects: [] };
  const parsed = validate(source, data, RedirectsSchema, problems);
  if (!parsed) return undefined;
  const rules: RedirectRule[] = [];
  const seen = new Map<string, RedirectRule>();
  for (const [index, entry] of parsed.redirects.entries()) {
    const rule: RedirectRule = {
      ...entry,
      at: { from: locate(source, ['redirects', index, 'from']), to: locate(source, ['redirects', index, 'to']) },
    };
    const wrong = (['from', 'to'] as const).filter((key) => {
      const problem = pathProblem(rule[key]);
      if (problem) problems.add('redirects/invalid-url', `${key}: ${problem.replace(/^path/, 'URL')}`, { ...rule.at[key], hint: URL_HINT });
      return problem !== undefined;
    });
    if (wrong.length > 0) continue;
    const earlier = seen.get(rule.from);
    if (earlier) {
      problems.add('redirects/duplicate', `${rule.from} is redirected twice (first at line ${earlier.at.from.line})`, {
        ...rule.at.from,
        hint: 'keep one redirect per old URL',
      });
      continue;
    }
    seen.set(rule.from, rule);
    rules.push(rule);
  }
  return rules;
}
