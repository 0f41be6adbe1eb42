import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslate } from '../runtime/messages';
import { runtimeConfig } from '../runtime/config';
import { openSearchIndex } from '../runtime/search-index';

/** What the box shows of a page found. */
interface Found {
  url: string;
  title: string;
  excerpt: string;
}


/** Results shown at most; the count says how many there are. */
const SHOWN = 8;

/**
 * The site search in the header: a `<details>` whose summary opens a search field. Nothing of
 * the search loads before it is opened: then the page's own locale's Pagefind bundle (its URL
 * in `latest.json`, docs/content.md "Search"), and its other shards if it has some, so only pages
 * of that locale are found. The
 * count of results is announced (a live region), the field has a visible label, and Escape
 * closes the box and returns the focus to its button.
 */
export default function SiteSearch() {
  const t = useTranslate();
  const { locale } = useLocale();
  const id = useId();
  const box = useRef<HTMLDetailsElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const engine = useRef<ReturnType<typeof openSearchIndex> | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; total: number; shown: Found[] } | undefined>();
  const [failed, setFailed] = useState(false);

  const load = () =>
    (engine.current ??= fetch(runtimeConfig().latestBuild)
      .then((response) => response.json() as Promise<{ search?: Record<string, string>; searchShards?: Record<string, string[]> }>)
      .then(async (latest) => {
        const bundle = latest.search?.[locale];
        if (!bundle) throw new Error(`no search index for ${locale}`);
        // A large locale's index is in shards: searched as one index (runtime/search-index.ts).
        return openSearchIndex(bundle, latest.searchShards?.[locale] ?? []);
      }));

  useEffect(() => {
    const term = query.trim();
    if (!term) {
      setFound(undefined);
      return;
    }
    let current = true;
    // A short pause: a search per word, not per key.
    const timer = setTimeout(async () => {
      try {
        const search = await (await load())(term);
        if (!current || !search) return;
        const shown = await Promise.all(search.results.slice(0, SHOWN).map(async (result) => {
          const data = await result.data();
          return { url: data.url, title: data.meta.title ?? data.url, excerpt: plainText(data.excerpt) };
        }));
        if (current) setFound({ query: term, total: search.results.length, shown });
      } catch {
        if (current) setFailed(true);
      }
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      const details = box.current;
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, []);

  const opened = () => {
    if (!box.current?.open) return;
    void load().catch(() => setFailed(true));
    field.current?.focus();
  };

  const status = failed
    ? t('widgets.search.failed')
    : !found
      ? ''
      : found.total === 0
        ? t('widgets.search.none', { query: found.query })
        : t('widgets.search.count', { count: found.total });

  return (
    <details className="site-search" ref={box} onToggle={opened}>
      <summary>
        {/* A magnifier; on a phone the word is hidden from sight but stays the button's name. */}
        <svg className="site-search__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="site-search__name">{t('widgets.search.open')}</span>
      </summary>
      <div className="site-search__panel" role="search">
        <label htmlFor={`${id}-field`}>{t('widgets.search.label')}</label>
        <input id={`${id}-field`} ref={field} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        <p className="site-search__status" role="status" aria-live="polite">
          {status}
        </p>
        {found && found.shown.length > 0 && (
          <ul className="site-search__results">
            {found.shown.map((page) => (
              <li key={page.url}>
                <a href={page.url}>{page.title}</a>
                <p>{page.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

/** Pagefind's excerpt marks the words found with `<mark>`; shown as text, nothing of it is markup. */
function plainText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
}
