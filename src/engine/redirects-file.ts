import { z } from 'zod';
import type { Problems, SourceLocation } from './errors';
import { pathProblem } from './route-table';
import { locate, parseYamlSource, validate } from './yaml-source';

/** One redirect written in `content/redirects.yaml`: an old URL and the page it leads to. */
export interface RedirectRule {
  /** A URL as served, locale prefix included (`/hu/regi-karrier`). */
  from: string;
  /** A page URL of this build, or the `from` of another rule. */
  to: string;
  at: { from: SourceLocation; to: SourceLocation };
}

const urlPath = z.string().superRefine((value, ctx) => {
  const problem = pathProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^path/, 'URL') });
});

const RedirectsSchema = z.strictObject({
  redirects: z.array(z.strictObject({ from: urlPath, to: urlPath })),
});

/**
 * Reads `content/redirects.yaml` (optional): its shape and duplicate sources. Whether each
 * target is a page and no source is one is decided with the page plan (`planRedirects`).
 */
export function parseRedirectsFile(text: string, file: string, problems: Problems): RedirectRule[] | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  // An empty file or one of comments only is no redirect yet.
  const data = source.doc.toJS() ?? { redirects: [] };
  const parsed = validate(source, data, RedirectsSchema, problems);
  if (!parsed) return undefined;
  const rules: RedirectRule[] = [];
  const seen = new Map<string, RedirectRule>();
  for (const [index, entry] of parsed.redirects.entries()) {
    const rule: RedirectRule = {
      ...entry,
      at: { from: locate(source, ['redirects', index, 'from']), to: locate(source, ['redirects', index, 'to']) },
    };
    const earlier = seen.get(rule.from);
    if (earlier) {
      problems.add(`${rule.from} is redirected twice (first at line ${earlier.at.from.line})`, {
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
