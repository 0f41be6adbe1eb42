/**
 * The search box's styles (widgets/islands/SiteSearch.tsx): a button like the language menu's,
 * its panel under it. Only a site with search on has the box, and site.css is at the size up to
 * which it is inlined (INLINE_STYLESHEET_LIMIT), so these go into the head of that site's pages
 * in a `<style>` of their own (its hash joins the security policy like the stylesheet's).
 */
export const SEARCH_STYLES = [
  '.site-search{position:relative}',
  '.site-search summary{list-style:none;cursor:pointer;display:flex;gap:0.45rem;align-items:center;padding:0.4rem 0.7rem;border:1px solid var(--line);border-radius:999px;font-size:0.95rem;font-weight:600}',
  '.site-search__icon{flex:none}',
  '.site-search summary::-webkit-details-marker{display:none}',
  '.site-search__panel{position:absolute;right:0;z-index:30;margin-top:0.4rem;padding:1rem;width:min(24rem,88vw);background:var(--paper);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow)}',
  '.site-search input{display:block;width:100%;box-sizing:border-box;margin-top:0.3rem;padding:0.5rem;font:inherit}',
  '.site-search__results{list-style:none;margin:0;padding:0;max-height:60vh;overflow-y:auto}',
  '.site-search__results p{margin:0.2rem 0 0.8rem;font-size:0.9rem;color:var(--ink-soft)}',
  // Narrow screens: the magnifier alone (the word stays its accessible name), and the panel
  // spans the screen under the header, wherever the button sits in it.
  '@media (max-width:60rem){.site-search__panel{position:fixed;top:var(--header-height,4rem);left:0.75rem;right:0.75rem;width:auto}}',
  '@media (max-width:30rem){.site-search__name{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.site-search summary{padding-inline:0.6rem;min-height:2.5rem}}',
].join('');
