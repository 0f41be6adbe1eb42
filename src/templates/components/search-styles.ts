/**
 * The search box's styles (widgets/islands/SiteSearch.tsx): a button like the language menu's,
 * its panel under it. Only a site with search on has the box, and site.css is at the size up to
 * which it is inlined (INLINE_STYLESHEET_LIMIT), so these go into the head of that site's pages
 * in a `<style>` of their own (its hash joins the security policy like the stylesheet's).
 */
export const SEARCH_STYLES = [
  '.site-search{position:relative}',
  '.site-search summary{list-style:none;cursor:pointer;padding:0.4rem 0.7rem;border:1px solid var(--line);border-radius:999px;font-size:0.95rem;font-weight:600}',
  '.site-search summary::-webkit-details-marker{display:none}',
  '.site-search__panel{position:absolute;right:0;z-index:30;margin-top:0.4rem;padding:1rem;width:min(24rem,88vw);background:var(--paper);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow)}',
  '.site-search input{display:block;width:100%;box-sizing:border-box;margin-top:0.3rem;padding:0.5rem;font:inherit}',
  '.site-search__results{list-style:none;margin:0;padding:0;max-height:60vh;overflow-y:auto}',
  '.site-search__results p{margin:0.2rem 0 0.8rem;font-size:0.9rem;color:var(--ink-soft)}',
].join('');
