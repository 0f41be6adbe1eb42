import type { Heading, I18n } from '../../engine/template-api';

/** A table of contents of a body's second-level headings, when it has at least `min` of them. */
export function Contents({ headings, i18n, min = 3 }: { headings: readonly Heading[]; i18n: I18n; min?: number }) {
  const entries = headings.filter((heading) => heading.depth === 2);
  if (entries.length < min) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title">{i18n.t('common.onThisPage')}</h2>
      <ol>
        {entries.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
