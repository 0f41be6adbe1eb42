/**
 * Every diagnostic sitegen prints, by code: what it means, an example of how it reads, and
 * how to fix it. `docs/errors.md` is generated from this list (`npm run errors-doc`; a test
 * fails while it is stale), and tests assert codes, not wording.
 */
export interface CatalogueEntry {
  severity: 'error' | 'warning';
  /** What happened, in a few words. */
  title: string;
  /** How it reads in the terminal. */
  example: string;
  /** What to do about it. */
  fix: string;
}

export const CATALOGUE = {
  // Configuration: options, environment variables, content/site.yaml.
  'config/parallel-mode': {
    severity: 'error',
    title: 'An unknown --parallel mode',
    example: 'sitegen: error: parallel is "fast" [config/parallel-mode]\n  hint: use one of: auto, off, always',
    fix: 'Use `auto` (the default), `off` or `always`.',
  },
  'config/env-backend-url': {
    severity: 'error',
    title: 'SITEGEN_POCKETBASE_URL is not an http(s) URL',
    example: 'SITEGEN_POCKETBASE_URL:1:1: error: SITEGEN_POCKETBASE_URL is "localhost:8090", not an http(s) URL [config/env-backend-url]',
    fix: 'Set it to the PocketBase origin with its scheme (`http://127.0.0.1:8090`), or unset it to use `backendUrl` of `content/site.yaml`.',
  },
  'config/env-source-date-epoch': {
    severity: 'error',
    title: 'SOURCE_DATE_EPOCH is not a number of seconds',
    example: 'SOURCE_DATE_EPOCH:1:1: error: SOURCE_DATE_EPOCH is "2026-01-01", not a number of seconds [config/env-source-date-epoch]',
    fix: 'Set it to a Unix time in seconds (`$(git log -1 --format=%ct)`), or unset it: the build then takes the time of the last git commit.',
  },
  'config/env-search-shard-pages': {
    severity: 'error',
    title: 'SITEGEN_SEARCH_SHARD_PAGES is not a whole number of pages',
    example: 'SITEGEN_SEARCH_SHARD_PAGES:1:1: error: SITEGEN_SEARCH_SHARD_PAGES is "many", not a whole number of pages [config/env-search-shard-pages]',
    fix: 'Set it to the pages one search index holds before a locale\'s index is split in shards (1 or more), or unset it for 2,000 (`docs/content.md`, "Search").',
  },
  'config/analytics-cookie': {
    severity: 'error',
    title: 'Analytics would run without a cookie the visitor can refuse',
    example: 'content/site.yaml:8:18: error: analytics.consentCookie "necessary" is not an optional cookie of consent.cookies [config/analytics-cookie]',
    fix: 'Name the id of a declared cookie that is not `necessary: true`, so that analytics runs only for visitors who allow it.',
  },
  'config/share-image': {
    severity: 'error',
    title: 'The share image is missing or not a PNG or JPEG',
    example: 'content/site.yaml:22:13: error: shareImage /images/share.png is not a file in public/ [config/share-image]',
    fix: 'Put a 1200x630 PNG or JPEG in `public/` at that path (`npm run share-image` makes one), or correct `shareImage`.',
  },
  'config/icon': {
    severity: 'error',
    title: 'The site icon is missing',
    example: 'content/site.yaml:32:7: error: icon /favicon.svg is not a file in public/ [config/icon]',
    fix: 'Put the icon in `public/` at that path (a square SVG, or a PNG of at least 48x48), or correct `icon`.',
  },
  'config/search-exclude': {
    severity: 'error',
    title: 'search.exclude names no route',
    example: 'content/site.yaml:58:15: error: search.exclude names "imprnt", which is no route [config/search-exclude]',
    fix: 'Name a route id of `content/routes.yaml`: its pages in every locale are left out of the site search.',
  },
  'config/default-locale': {
    severity: 'error',
    title: 'The default locale is not one of the locales',
    example: 'content/site.yaml:3:16: error: defaultLocale "fr" is not one of the locales [config/default-locale]\n  hint: name one of: en, hu, de',
    fix: 'Name the code of a locale listed under `locales:`, or leave `defaultLocale` out: the first locale is the default.',
  },
  'config/translation-source': {
    severity: 'error',
    title: 'The source of the translations is not one of the locales',
    example: 'content/site.yaml:52:11: error: translations.source "fr" is not one of the locales [config/translation-source]\n  hint: name one of: en, hu, de',
    fix: 'Name the locale the others are translated from (`docs/translations.md`), or leave `source` out: the default locale is the source.',
  },
  'config/locale-flag': {
    severity: 'error',
    title: "A locale's flag image is missing",
    example: 'content/site.yaml:12:11: error: the flag of the locale "fr", /flags/fr.svg, is not a file in public/ [config/locale-flag]',
    fix: 'Put the image in `public/` at that path (the language menu shows it at 20x15), or name another with `flag:`.',
  },

  // Reading the site folder.
  'read/missing-file': {
    severity: 'error',
    title: 'A file every site has is missing',
    example: 'content/routes.yaml:1:1: error: content/routes.yaml is missing [read/missing-file]\n  hint: every site has a route table; is --root the site folder?',
    fix: 'Check `--root`: it names the site folder, which holds `content/routes.yaml` and `content/site.yaml`.',
  },
  'read/unreadable': {
    severity: 'error',
    title: 'A source file cannot be read',
    example: 'content/hu/contact.md:1:1: error: cannot read the file: permission denied [read/unreadable]',
    fix: 'Let the user who runs the build read it (`chmod a+r`), or move it out of the site folder.',
  },
  'read/changed-during-build': {
    severity: 'error',
    title: 'A content file was saved again while the build ran',
    example: 'content/en/blog/release.md:1:1: error: the file changed while the build ran, after the build had read it [read/changed-during-build]\n  hint: build again: the next build reads the file as it is now',
    fix: 'Build again. A build after a warm cache keeps only the hash of the content files its cache knows, and reads one again if it needs its text; a file saved in between would mix two versions of it in one build, so the build stops instead. Nothing is written: the output stays as it was.',
  },
  'read/not-utf8': {
    severity: 'error',
    title: 'A text file is not UTF-8',
    example: 'content/de/contact.md:31:9: error: the file is not UTF-8 text: byte 0xFC cannot start or continue a character [read/not-utf8]',
    fix: 'Save the file as UTF-8 (in most editors: "Save with Encoding" > UTF-8). Markdown, YAML and JSON are read as UTF-8.',
  },
  'read/symbolic-link': {
    severity: 'error',
    title: 'A file of content/ or public/ is a symbolic link',
    example: 'content/de/contact.md:1:1: error: the file is a symbolic link [read/symbolic-link]',
    fix: 'Put the file itself in the site folder. The build reads and publishes only what is in the site folder; a link could lead anywhere on the machine.',
  },

  // YAML: the route table, site.yaml, redirects.yaml and front matter.
  'yaml/syntax': {
    severity: 'error',
    title: 'A YAML syntax error',
    example: 'content/routes.yaml:14:13: error: this "{" is never closed with "}" [yaml/syntax]',
    fix: 'Fix the YAML at that place: indentation, quotes, a missing colon or bracket.',
  },
  'yaml/alias-bomb': {
    severity: 'error',
    title: 'YAML aliases that expand to too many values',
    example: 'content/en/contact.md:3:8: error: the aliases here expand to too many values [yaml/alias-bomb]',
    fix: 'Repeat the values instead of nesting aliases (`*name`) of lists that hold aliases: a few such lines can stand for billions of values.',
  },
  'yaml/unknown-key': {
    severity: 'error',
    title: 'A key the file does not have',
    example: 'content/routes.yaml:18:5: error: unknown key "layout" in routes[2] [yaml/unknown-key]',
    fix: 'Remove the key or correct its spelling; `docs/content.md` lists the fields of each file and template.',
  },
  'yaml/missing-field': {
    severity: 'error',
    title: 'A required field is missing',
    example: 'content/routes.yaml:20:5: error: missing required field "routes[2].paths.de" [yaml/missing-field]',
    fix: 'Add the field at that place.',
  },
  'yaml/invalid-value': {
    severity: 'error',
    title: 'A value of the wrong kind',
    example: 'content/en/blog/clickup-as-erp.md:4:7: error: date: must be a date like 2025-03-05 [yaml/invalid-value]',
    fix: 'Write the value in the form the message names.',
  },

  // The route table and the page plan.
  'routes/duplicate-id': {
    severity: 'error',
    title: 'Two routes with one id',
    example: 'content/routes.yaml:40:9: error: route id "career" is used twice (first at line 22) [routes/duplicate-id]',
    fix: 'Give every route its own id: links (`route:<id>`) and the build manifest name routes by it.',
  },
  'routes/unknown-parent': {
    severity: 'error',
    title: 'A parent that is no route',
    example: 'content/routes.yaml:44:13: error: unknown parent route "blogg" [routes/unknown-parent]',
    fix: 'Name the id of the hub route that lists this page, or remove `parent`.',
  },
  'routes/unknown-template': {
    severity: 'error',
    title: 'A template the site does not have',
    example: 'content/routes.yaml:42:15: error: unknown template "blag" [routes/unknown-template]\n  hint: use one of: home, hub, article, service, case-study, tender, career, position, about, contact, offer, contact-result',
    fix: 'Use one of the templates `src/templates/index.ts` exports.',
  },
  'routes/url-taken': {
    severity: 'error',
    title: 'Two pages on one URL',
    example: 'content/routes.yaml:30:11: error: the hu path "/karrier" gives the URL /hu/karrier, which route "career" already has [routes/url-taken]',
    fix: 'Give every page its own path; English paths must not start with a locale prefix (`/en`, `/hu`, `/de`).',
  },
  'routes/feed-url-taken': {
    severity: 'error',
    title: 'A page on the URL of a feed',
    example: 'content/routes.yaml:61:11: error: route "feed" has the URL /blog/feed.xml, which the en feed of "blog" needs [routes/feed-url-taken]',
    fix: 'Choose another path for the page: a hub whose children are articles has its Atom feed at `feed.xml` beside it.',
  },

  // Content files.
  'content/no-front-matter': {
    severity: 'error',
    title: 'A content file without front matter',
    example: 'content/en/about-us.md:1:1: error: the file has no front matter [content/no-front-matter]',
    fix: 'Start the file with a `---` line, then at least `title` and `description`, then another `---` line.',
  },
  'content/missing-locale': {
    severity: 'error',
    title: 'A route without its content in a locale',
    example: 'content/routes.yaml:50:14: error: route "security-audit" has no de content: content/de/services/security-audit.md does not exist [content/missing-locale]',
    fix: 'Write the file, or correct the route\'s `content` name.',
  },
  'content/too-large': {
    severity: 'error',
    title: 'A Markdown file over the size limit',
    example: 'content/en/contact.md:1:1: error: the file is 12.4 MB, over the limit of 10.0 MB for a Markdown file [content/too-large]',
    fix: 'Split it into several pages; if it is meant to be that large, raise `limits.markdownMaxSize` in `content/site.yaml`.',
  },
  'content/large': {
    severity: 'warning',
    title: 'A large Markdown file',
    example: 'content/en/contact.md:1:1: warning: the file is 1.3 MB, over 1.0 MB: large pages are slow to build and to load [content/large]',
    fix: 'Split it into several pages, or raise `limits.markdownWarnSize` in `content/site.yaml`.',
  },
  'content/changed-during-build': {
    severity: 'error',
    title: 'A Markdown file changed while a large build read it',
    example: 'content/en/blog/post.md:1:1: error: content/en/blog/post.md changed or went away during the build [content/changed-during-build]',
    fix: 'Build again. A large build reads each body from its file when it renders it, and renders only what the rest of the build read.',
  },

  // Markdown bodies.
  'markdown/unknown-route': {
    severity: 'error',
    title: 'A link to a route that does not exist',
    example: 'content/hu/blog/clickup-as-erp.md:24:12: error: link to unknown route "kontakt" [markdown/unknown-route]',
    fix: 'Use an id from `content/routes.yaml`, like `route:contact`.',
  },
  'content/unknown-tag': {
    severity: 'error',
    title: 'A tag without a name in the page\'s language',
    example: 'content/hu/blog/clickup-as-erp.md:7:17: error: the tag "erp-systems" has no name in hu: locales/hu.json has no message tags.erp-systems [content/unknown-tag]',
    fix: 'Tags in front matter are ids (`process-design`); name each in every locale file under `tags` (`"process-design": "Folyamattervezés"`), or use a tag that has a name.',
  },
  'content/unpublished-link': {
    severity: 'error',
    title: 'A published page links a page that is out of the build',
    example: 'content/en/blog/clickup-as-erp.md:24:12: error: link to route "article-n8n-guide", whose en page is not published in this build (a draft, scheduled or expired) [content/unpublished-link]',
    fix: 'Remove the link until the page it leads to is published (or publish that page first). A draft or scheduled page may link it: only pages a production build publishes are checked.',
  },
  'markdown/foreign-locale-link': {
    severity: 'error',
    title: 'A link into another locale',
    example: 'content/hu/about-us.md:12:5: error: link to /contact, a page of another locale [markdown/foreign-locale-link]\n  hint: write route:contact so the link follows the page\'s locale',
    fix: 'Link the route (`route:<id>`): the link then follows the page\'s locale. Only the language menu leads to another locale.',
  },
  'markdown/raw-html': {
    severity: 'warning',
    title: 'Raw HTML left out of a page',
    example: 'content/en/contact.md:30:1: warning: raw HTML is left out of the page: "<div class=\\"note\\">" [markdown/raw-html]',
    fix: 'Write it in Markdown: sitegen drops raw HTML so that content cannot run script. HTML comments are dropped without a warning.',
  },
  'markdown/unknown-code-language': {
    severity: 'warning',
    title: 'Code in a language the highlighter does not know',
    example: 'content/en/blog/api.md:42:1: warning: no highlighting for the code language "tsx2": the block is shown as plain code [markdown/unknown-code-language]',
    fix: 'Write the fence with a language Shiki knows (its id or an alias: ts, js, json, bash, python, yaml…), or `text` for code that needs no colours.',
  },

  // Locale files.
  'messages/missing-file': {
    severity: 'error',
    title: 'A locale without its message file',
    example: 'sitegen: error: there is no locales/de.json [messages/missing-file]',
    fix: 'Create it with the same keys as `locales/en.json`.',
  },
  'messages/invalid-json': {
    severity: 'error',
    title: 'A locale file that is not JSON',
    example: 'locales/hu.json:12:3: error: invalid JSON: Expected \',\' or \'}\' after property value [messages/invalid-json]',
    fix: 'Fix the JSON at that place.',
  },
  'messages/not-an-object': {
    severity: 'error',
    title: 'A locale file that is not an object of messages',
    example: 'locales/hu.json:1:1: error: a locale file is a JSON object of messages [messages/not-an-object]',
    fix: 'Wrap the messages in `{ }`.',
  },
  'messages/invalid-key': {
    severity: 'error',
    title: 'A message key with other characters',
    example: 'locales/en.json:4:5: error: message key "read more" has characters other than letters, digits, "_" and "-" [messages/invalid-key]',
    fix: 'Use letters, digits, `_` and `-`; nest objects for groups (`nav.blog`).',
  },
  'messages/not-a-string': {
    severity: 'error',
    title: 'A message that is not a string',
    example: 'locales/en.json:9:15: error: message "nav.blog" is not a string [messages/not-a-string]',
    fix: 'Write the message in double quotes, or nest an object of messages.',
  },
  'messages/widget-placeholder': {
    severity: 'error',
    title: 'A widget message with an argument the browser cannot format',
    example: 'locales/en.json:80:20: error: widget message "widgets.form.sent" uses {date, date} [messages/widget-placeholder]',
    fix: 'Widget messages are formatted in the browser with plain arguments and plurals only: format the value before passing it.',
  },
  'messages/missing-plural-case': {
    severity: 'error',
    title: 'A plural without a case its locale needs',
    example: 'locales/hu.json:43:20: error: message "common.readingTime" has no "one" case in {minutes, plural}, which hu needs [messages/missing-plural-case]',
    fix: 'Add the case: each plural has one for every category of its locale\'s plural rules (`=1` does not stand in for `one`).',
  },
  'messages/invalid-icu': {
    severity: 'error',
    title: 'A message that is not valid ICU',
    example: 'locales/de.json:30:18: error: message "blog.count" is not valid ICU: EXPECT_ARGUMENT_CLOSING_BRACE [messages/invalid-icu]',
    fix: 'Fix the ICU syntax: `{name}`, `{count, plural, one {# item} other {# items}}`; quote a literal brace as `\'{\'`.',
  },
  'messages/missing-key': {
    severity: 'error',
    title: 'A message missing in a locale',
    example: 'locales/de.json:1:1: error: message "nav.offer" is missing in de [messages/missing-key]',
    fix: 'Add the key to that locale\'s file, translated.',
  },
  'messages/placeholder-mismatch': {
    severity: 'error',
    title: 'A translation with other placeholders than English',
    example: 'locales/de.json:17:5: error: message "common.byline" has placeholders {autor} but en has {author} [messages/placeholder-mismatch]',
    fix: 'Use the same placeholder names and kinds in every locale: the templates pass the English ones.',
  },
  'messages/extra-key': {
    severity: 'error',
    title: 'A message that English does not have',
    example: 'locales/hu.json:50:5: error: message "nav.oldLink" is not in en [messages/extra-key]',
    fix: 'English is the reference for keys: add it there, or remove it here.',
  },
  'messages/format': {
    severity: 'error',
    title: 'A message that cannot be formatted with what the template passes',
    example: 'locales/hu.json:12:18: error: message "site.titleSuffix" cannot be formatted: The intl string context variable "n" was not provided (in 33 pages, e.g. /hu, /hu/karrier, /hu/blog) [messages/format]',
    fix: 'Use only the arguments the hint lists, and no tags.',
  },

  // Translations: records of the source version a translation translates (docs/translations.md).
  'translations/outdated': {
    severity: 'warning',
    title: 'A translation whose source changed since it was marked',
    example:
      'content/hu/about-us.md:5:1: warning: the hu translation is outdated: content/en/about-us.md changed since it was marked (marked 2025-06-01T09:30:00Z) [translations/outdated]\n  hint: update the text, then run: sitegen translations mark content/hu/about-us.md ("sitegen translations" shows what changed)',
    fix: 'Run `sitegen translations` to see what changed in the source (a word diff where git has the old version), update the translation, then `sitegen translations mark <file or locale:key>`. A change that needs no translation (a typo fixed in the source) is marked the same way.',
  },
  'translations/invalid-records': {
    severity: 'error',
    title: 'The records of a locale\'s messages cannot be read',
    example: 'locales/hu.translations.json:12:3: error: the record of "nav.blog" is not { "source": "<hash>", "marked": "<time>" } [translations/invalid-records]',
    fix: 'The file is written by `sitegen translations mark`: correct the entry by hand, or delete the file and mark the messages again (`sitegen translations mark locales/hu.json`).',
  },
  'translations/unknown-target': {
    severity: 'error',
    title: '`sitegen translations mark` was given something that is no translation',
    example: 'sitegen: error: "content/hu/abuot-us.md" is neither a content file of a route nor a message key [translations/unknown-target]',
    fix: 'Name a content file of a route (`content/hu/about-us.md`), a locale file (`locales/hu.json`), a message key with its locale (`hu:nav.blog`) or without (every translated locale), or pass `--all`.',
  },
  'translations/no-source': {
    severity: 'error',
    title: 'A translation whose source cannot be read',
    example: 'content/hu/about-us.md:1:1: error: content/en/about-us.md, the source of this translation, does not exist [translations/no-source]',
    fix: 'Create the source file, or fix its front matter (the build points at the error), then mark the translation again.',
  },
  'translations/cannot-edit': {
    severity: 'error',
    title: 'A front matter that `sitegen translations mark` cannot edit',
    example: 'content/hu/about-us.md:2:1: error: the front matter is not a YAML mapping of fields, so the record cannot be added [translations/cannot-edit]',
    fix: 'Write the front matter as `field: value` lines between `---` fences (a flow mapping `{ ... }` cannot be edited in place), or add `translation: { source: "<hash>", marked: "<time>" }` by hand.',
  },

  // Images: every <img> a page renders, from Markdown or a template (docs/content.md, "Images").
  'images/missing': {
    severity: 'error',
    title: 'An image a page shows is not a file of public/',
    example: 'content/en/about.md:12:9: error: image /images/team.jpg is not a file in public/ [images/missing]\n  hint: add public/images/team.jpg, or correct the path',
    fix: 'Add the file to `public/` at that path, or correct the path in the Markdown, the front matter (`cover`) or the template. A path no source names literally is reported at the page.',
  },
  'images/unreadable': {
    severity: 'error',
    title: 'An image a page shows cannot be read',
    example: 'src/templates/pages/HomePage.tsx:37:40: error: image /images/hero.png cannot be read: it is not an image sitegen can read (unsupported file type) [images/unreadable]',
    fix: 'Save the file again as PNG, JPEG, WebP, AVIF, GIF or SVG: sitegen reads its size from it, and encodes the raster ones.',
  },
  // Templates and widgets.
  'templates/missing-exports': {
    severity: 'error',
    title: 'A templates module without what sitegen renders',
    example: 'src/templates/index.ts:1:1: error: the templates module must export "templates" and "ErrorPage" [templates/missing-exports]',
    fix: 'Export `templates` (component and fields per template name) and `ErrorPage` from `src/templates/index.ts`.',
  },
  'templates/not-found': {
    severity: 'error',
    title: 'No templates',
    example: 'sitegen: error: no templates: /site/src/templates/index.ts does not exist [templates/not-found]',
    fix: 'A site\'s own `src/templates/index.ts` exports `{ templates, ErrorPage }`; without that folder, the templates that ship with sitegen are used.',
  },
  'templates/bundle': {
    severity: 'error',
    title: 'The templates do not compile',
    example: 'src/templates/pages/CareerPage.tsx:12:4: error: Expected ")" but found "{" [templates/bundle]',
    fix: 'Fix the template source at that place (esbuild\'s message says what it expected).',
  },
  'templates/render': {
    severity: 'error',
    title: 'A template threw while rendering',
    example: 'src/templates/pages/CareerPage.tsx:20:9: error: Cannot read properties of undefined (reading \'map\') (in 4 pages, e.g. /career, /en/career, /hu/karrier) [templates/render]',
    fix: 'Fix the template at that line; `--verbose` prints the stack.',
  },
  'templates/unknown-message-key': {
    severity: 'error',
    title: 'A template uses a message no locale has',
    example: 'src/templates/layout/Footer.tsx:51:41: error: unknown message key "footer.exploree" (in 134 pages, e.g. /, /en, /hu) [templates/unknown-message-key]',
    fix: 'Add the key to every file in `locales/`, or correct it in the template.',
  },
  'templates/unknown-route': {
    severity: 'error',
    title: 'A template links a route that does not exist',
    example: 'src/templates/layout/Header.tsx:30:22: error: link to unknown route "contactt" (in 132 pages, e.g. /, /en, /hu) [templates/unknown-route]',
    fix: 'Use an id from `content/routes.yaml` in `links.path()` and `links.page()`.',
  },
  'templates/unpublished-route': {
    severity: 'error',
    title: 'A template links a page that is out of the build',
    example: 'src/templates/layout/Footer.tsx:41:18: error: link to route "privacy-policy", whose hu page is not published in this build (a draft, scheduled or expired) (in 44 pages, e.g. /hu, /hu/blog) [templates/unpublished-route]',
    fix: 'A page every page links (the footer\'s, the menu\'s) cannot be a draft or scheduled: publish it, or link it from the template only where it is published (`links.children()` lists published pages only).',
  },
  'templates/invalid-value': {
    severity: 'error',
    title: 'A template formats a value that is no date or number',
    example: 'src/templates/pages/ArticlePage.tsx:18:30: error: "2025-02-30" is not a date in YYYY-MM-DD form (rendering /blog/post) [templates/invalid-value]',
    fix: 'Pass a real calendar day (`YYYY-MM-DD`) or a finite number: a page never shows `Invalid Date` or `NaN`.',
  },
  'widgets/bundle': {
    severity: 'error',
    title: 'The widgets do not compile',
    example: 'src/widgets/islands/ContactForm.tsx:40:7: error: No matching export in "src/widgets/forms/rules.ts" for import "emailRule" [widgets/bundle]',
    fix: 'Fix the widget source at that place.',
  },

  // Redirects.
  'redirects/invalid-url': {
    severity: 'error',
    title: 'A redirect with a URL that is no site path',
    example: 'content/redirects.yaml:3:12: error: from: URL "hu/regi" is not absolute [redirects/invalid-url]',
    fix: 'Write site paths that start with `/`, without host, query or fragment.',
  },
  'redirects/duplicate': {
    severity: 'error',
    title: 'A URL redirected twice',
    example: 'content/redirects.yaml:9:12: error: /hu/regi-oldal is redirected twice (first at line 3) [redirects/duplicate]',
    fix: 'Keep one redirect per URL.',
  },
  'redirects/hides-page': {
    severity: 'error',
    title: 'A redirect from a page of this build',
    example: 'content/redirects.yaml:3:12: error: /hu/karrier is the URL of the hu page of route "career": a redirect would hide it [redirects/hides-page]',
    fix: 'Remove the redirect, or change the route\'s path first.',
  },
  'redirects/loop': {
    severity: 'error',
    title: 'Redirects that lead in a loop',
    example: 'content/redirects.yaml:4:24: error: the redirect from /a leads in a loop back to itself [redirects/loop]',
    fix: 'Point one of these redirects at a page.',
  },
  'redirects/no-target': {
    severity: 'error',
    title: 'A redirect to something that is not a page',
    example: 'content/redirects.yaml:4:24: error: the redirect from /old leads to /gone, which is not a page of this build [redirects/no-target]',
    fix: 'Point it at a page URL of this build (any of its four forms).',
  },
  'redirects/previous-build': {
    severity: 'error',
    title: 'The previous build cannot be read',
    example: 'sitegen: error: cannot read the previous build at https://www.example.com/_sitegen/builds/latest.json: HTTP 404 [redirects/previous-build]',
    fix: 'Check `--previous`: a folder or the published site\'s URL with a sitegen build. For the very first deploy, leave `--previous` out.',
  },
  'redirects/lost-url': {
    severity: 'warning',
    title: 'A URL of the previous build now leads nowhere',
    example: '/hu/eu-energiapolitika: warning: an earlier build served this URL (route "article-eu-energy-policy", hu); now it has neither a page nor a redirect [redirects/lost-url]',
    fix: 'Redirect it in `content/redirects.yaml` (`- { from: /hu/eu-energiapolitika, to: /hu/blog }`). `sitegen check` reports it as an error.',
  },

  // The output folder.
  'output/not-sitegen': {
    severity: 'error',
    title: 'An output folder sitegen did not write',
    example: '/home/me/site/public:1:1: error: the output folder /home/me/site/public holds files that sitegen did not write [output/not-sitegen]',
    fix: 'Choose an empty or new folder with `--out`, or delete this one yourself: sitegen never replaces a folder it did not write.',
  },
  'output/public-collision': {
    severity: 'error',
    title: 'A file of public/ where the build writes its own',
    example: 'public/sitemap.xml:1:1: error: public/sitemap.xml has the path of a file the build generates [output/public-collision]',
    fix: 'Rename or remove the file: pages, payloads, `_headers` and the build\'s files are generated.',
  },

  // The build cache.
  'cache/discarded': {
    severity: 'warning',
    title: 'A build cache that could not be used',
    example: 'sitegen: warning: the build cache /site/.sitegen-cache/build.bin was written by sitegen 0.1.0+1a2b3c on Node.js v22.11.0 (ICU 76.1), not sitegen 0.1.0+4d5e6f on Node.js v20.20.2 (ICU 77.1): building without it (it is written again) [cache/discarded]',
    fix: 'Nothing: the build runs without it and writes a new one. Another sitegen, another Node.js or a damaged file is the cause.',
  },
  'cache/damaged': {
    severity: 'warning',
    title: 'A damaged part of the build cache found in use',
    example: 'sitegen: warning: the build cache was damaged (bodies-3f2a.bin: the body at byte 1024 does not match its checksum): built without it, and wrote it again [cache/damaged]',
    fix: 'Nothing: the same build ran again without the cache. If it happens often, check the disk or the CI cache step.',
  },

  // sitegen watch.
  'serve/port-in-use': {
    severity: 'error',
    title: 'The port is taken',
    example: 'sitegen: error: port 3000 is already in use on 127.0.0.1:3000 [serve/port-in-use]\n  hint: stop the program that uses it, or pick another port: sitegen watch --port 3001 (--port 0 picks a free one)',
    fix: 'Stop the other program, or pick another port (`--port 0` picks a free one).',
  },
  'serve/port-denied': {
    severity: 'error',
    title: 'No permission to serve on the port',
    example: 'sitegen: error: no permission to serve on 127.0.0.1:80 [serve/port-denied]',
    fix: 'Ports below 1024 need privileges: pick another, like `--port 3000`.',
  },
  'serve/no-such-address': {
    severity: 'error',
    title: 'The machine has no such address',
    example: 'sitegen: error: cannot serve on 10.9.9.9:3000: this machine has no such address [serve/no-such-address]',
    fix: 'Use `--host 127.0.0.1` (the default) or an address of this machine.',
  },

  // sitegen check.
  'check/no-build': {
    severity: 'error',
    title: 'No built site to check or publish',
    example: 'sitegen: error: /site/dist does not exist [check/no-build]\n  hint: run `sitegen build` first, or name the built folder with --out',
    fix: 'Run `sitegen build` first, or name the built folder with `--out`.',
  },
  'check/damaged-build': {
    severity: 'error',
    title: 'A built site whose own files are damaged',
    example: 'dist/_sitegen/builds/latest.json:1:1: error: _sitegen/builds/latest.json has no build id or release [check/damaged-build]',
    fix: 'Run `sitegen build` again: the build writes these files, they are not to be edited.',
  },
  'check/missing-page': {
    severity: 'error',
    title: 'A page of the route table is not in the output',
    example: '/hu/karrier: error: the page of route "career" (hu) is missing: the output has no hu/karrier/index.html [check/missing-page]',
    fix: 'Build again: the output is older than the route table, or was changed after the build.',
  },
  'check/manifest-mismatch': {
    severity: 'error',
    title: 'The build manifest and the route table disagree',
    example: '/hu/allasok: error: the page of route "career" (hu) is not in the build manifest [check/manifest-mismatch]',
    fix: 'Build again: the output was built from another route table.',
  },
  'check/stray-page': {
    severity: 'error',
    title: 'A page of no route in the output',
    example: 'dist/jobs/index.html:1:1: error: is a page of no route: neither the route table nor the build manifest has /jobs [check/stray-page]',
    fix: 'Remove it: `sitegen build` writes the whole output; a page left there by hand is published too.',
  },
  'check/broken-link': {
    severity: 'error',
    title: 'A link, image, script or stylesheet that leads to no file',
    example: 'dist/404.html:1:1: error: image /images/error-404.svg is not in the output [check/broken-link]',
    fix: 'Put the file in `public/`, or link a page or file that the build writes.',
  },
  'check/missing-fragment': {
    severity: 'error',
    title: 'A link to an id that is not on the page',
    example: '/blog: error: links to /clickup-as-erp#pricing, but that page has no element with id "pricing" [check/missing-fragment]',
    fix: 'Link an id that exists: headings get their ids from their text (`## What is included` is `#what-is-included`).',
  },
  'check/invalid-url': {
    severity: 'error',
    title: 'A URL that is empty or not a URL',
    example: '/contact: error: links to "javascript:void(0)", which is not a URL a visitor can follow [check/invalid-url]',
    fix: 'Link a page, a file or an external http(s) URL.',
  },
  'check/island': {
    severity: 'error',
    title: 'An island whose props are not on the page',
    example: '/contact: error: an island names its props script "island-3", which is not on the page [check/island]',
    fix: 'Render islands with `<Island>`, which writes the props script beside the island.',
  },
  'check/runtime-config': {
    severity: 'error',
    title: 'A page whose runtime configuration is broken or stale',
    example: '/career: error: belongs to release 1a2b3c4d5e6f, but the output is release 6f5e4d3c2b1a [check/runtime-config]',
    fix: 'Build again: a page of an older build was left behind, or the configuration names a script that is not in the output.',
  },
  'check/foreign-locale-link': {
    severity: 'error',
    title: 'A link into another locale outside the language menu',
    example: '/de/kontakt: error: links to /hu/kapcsolat, a page in hu: only the language menu and hreflang links may lead to another locale [check/foreign-locale-link]',
    fix: 'Link the page of the same locale (the hint names it): visitors stay in the language they chose.',
  },
  'check/canonical': {
    severity: 'error',
    title: 'A missing or wrong canonical link',
    example: '/en/career: error: its canonical link points at /en/career, not at https://www.example.com/career [check/canonical]',
    fix: 'Every form of a page names the same canonical URL: the unprefixed English page, or the page itself in other locales.',
  },
  'check/hreflang': {
    severity: 'error',
    title: 'An incomplete, wrong or one-sided set of hreflang links',
    example: '/hu/karrier: error: has no <link rel="alternate" hreflang="de"> [check/hreflang]',
    fix: 'Every page names its route\'s canonical page in every locale, with absolute URLs on the site\'s origin, and those pages name it back.',
  },
  'check/language-menu': {
    severity: 'error',
    title: 'A language menu without the same route in every locale',
    example: '/hu/karrier: error: the language menu links de to /de, not to /de/karriere [check/language-menu]',
    fix: 'Link the same route\'s page in each locale.',
  },
  'check/lang': {
    severity: 'error',
    title: 'A page without the right lang',
    example: '/hu/karrier: error: has <html lang="en-US"> on a page in hu [check/lang]',
    fix: 'Write the page\'s language tag on `<html lang>`.',
  },
  'check/heading': {
    severity: 'error',
    title: 'A page without exactly one <h1>',
    example: '/career: error: has 2 <h1> elements [check/heading]',
    fix: 'A page has one `<h1>`, its title; use `<h2>` and below for its sections.',
  },
  'check/duplicate-id': {
    severity: 'error',
    title: 'An id used twice on a page',
    example: '/blog: error: has the id "summary" 2 times [check/duplicate-id]',
    fix: 'Ids are unique within a page: links, labels and scripts find the first one only.',
  },
  'check/image-alt': {
    severity: 'error',
    title: 'An image without alt text',
    example: '/about-us: error: has an <img src="/images/team.png"> without alt [check/image-alt]',
    fix: 'Describe the image in `alt`, or write `alt=""` when it is decorative.',
  },
  'check/head-text': {
    severity: 'error',
    title: 'A missing, empty or badly sized title or description',
    example: '/career: error: <title> is 84 characters long, outside 10–70: "..." [check/head-text]',
    fix: 'Give every page one title of 10 to 70 characters and one meta description of 50 to 170: search results cut longer ones.',
  },
  'check/lost-url': {
    severity: 'error',
    title: 'A URL of an earlier build that leads nowhere',
    example: '/hu/eu-energiapolitika: error: an earlier build served this URL (route "article-eu-energy-policy", hu); now it has neither a page nor a redirect [check/lost-url]',
    fix: 'Redirect it in `content/redirects.yaml`.',
  },
  'check/redirect': {
    severity: 'error',
    title: 'A redirect of the output that is broken',
    example: '/old-page: error: redirects to /gone, which is not a page of this build [check/redirect]',
    fix: 'Build again: the redirect pages and `_redirects` are written by the build.',
  },

  // sitegen publish.
  'publish/invalid-target': {
    severity: 'error',
    title: 'A --target that is not an S3 URL',
    example: 'sitegen: error: --target "www-example-com" is not an s3:// URL [publish/invalid-target]',
    fix: 'Write `s3://bucket` or `s3://bucket/prefix`.',
  },
  'publish/invalid-option': {
    severity: 'error',
    title: 'An option of publish with a value it cannot use',
    example: 'sitegen: error: --concurrency must be a whole number of at least 1, not 0 [publish/invalid-option]',
    fix: 'Give a value in the range the message names.',
  },
  'publish/not-a-build': {
    severity: 'error',
    title: 'The folder to publish is not a complete build',
    example: 'sitegen: error: /site/dist is not the output of sitegen build: _sitegen/builds/latest.json is missing [publish/not-a-build]',
    fix: 'Run `sitegen build` first, or point `--root`/`--out` at the folder it wrote; build again when a file of it is missing or damaged.',
  },
  'publish/foreign-target': {
    severity: 'error',
    title: 'A target that sitegen did not publish to',
    example: 'sitegen: error: s3://site holds 12 object(s) that sitegen did not publish (no _sitegen/builds/latest.json) [publish/foreign-target]',
    fix: 'Check `--target`. To publish there anyway, pass `--force`: objects sitegen did not publish are left alone either way.',
  },
  'publish/other-site': {
    severity: 'error',
    title: 'A build with files inside another site\'s prefix',
    example: 'sitegen: error: s3://site/preview/ holds another site (preview/_sitegen/builds/latest.json), and this build has 3 object(s) there (preview/index.html); nothing was changed [publish/other-site]',
    fix: 'Publish the other site to its own target, or remove it first; `--force` publishes over it.',
  },
  'publish/policy-changed': {
    severity: 'error',
    title: 'The build needs security headers the host does not send yet',
    example: 'sitegen: error: s3://site: the security headers of build 1a2b3c (policy 9f8e7d) differ from those the host sends for the live build 4d5e6f (policy 3c2b1a); nothing was changed [publish/policy-changed]',
    fix: 'Update the host\'s headers first (the diff lists what to add), then publish again with `--policy-changed` (`docs/security.md`, "Hosts").',
  },
  'publish/too-many-deletes': {
    severity: 'error',
    title: 'More deletions than --max-deletes',
    example: 'sitegen: error: s3://site: the publish would delete 120 objects, more than --max-deletes 50 (...); nothing was changed [publish/too-many-deletes]',
    fix: 'Check `--target` and the build; when the deletions are meant, pass `--max-deletes` with a larger number or `--force`.',
  },
  'publish/storage': {
    severity: 'error',
    title: 'The object store refused or could not be reached',
    example: 'sitegen: error: s3://site: access denied while trying to list the bucket [publish/storage]',
    fix: 'Follow the hint: credentials, region, bucket name, permissions or the network. Running the same command again sends only what is missing.',
  },
  'publish/stopped': {
    severity: 'error',
    title: 'A publish that stopped before it completed',
    example: 'sitegen: error: stopped before the publish completed; 120 of 300 objects are uploaded, the previous build is still live [publish/stopped]',
    fix: 'Run the same command again: it completes the publish, and the previous build stays live until then.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Every code sitegen prints. */
export type Code = keyof typeof CATALOGUE;
