import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, BuildSession } from '../../../src/engine';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';
import { edit } from '../../helpers/site';

/** Builds once, applies `change`, builds again; returns how many pages the second build rendered. */
async function rerendered(root: string, session: BuildSession, files: string[], change: () => Promise<unknown>) {
  await change();
  session.changed = new Set(files.map((file) => path.join(root, file)));
  const result = await build({ root, write: false, session });
  return { count: session.rendered, result };
}

describe('incremental builds (watch mode)', () => {
  it('renders only the pages whose inputs changed', { timeout: 180_000 }, async () => {
    // Two articles with no tag in common (clickup, erp, process-design; four-day-week,
    // work-organisation, hr), so a listing of a tag the edited article lacks is among them.
    const root = await smallSiteWithOwnCode(['article-clickup-as-erp']);
    const session = new BuildSession();
    const first = await build({ root, write: false, session });
    const total = first.pages.length;
    expect(session.rendered).toBe(total);
    // A session's steps are timed without the resident memory (reading it waits on other threads).
    expect(first.timings.length).toBeGreaterThan(5);
    expect(first.timings.filter(([, , residentMb]) => residentMb !== undefined)).toEqual([]);

    // Nothing changed: nothing renders.
    expect((await rerendered(root, session, [], async () => {})).count).toBe(0);

    // An article's English title: its two English forms, the English blog hub and homes that
    // list it (home is written at / and /en), and the English tag listings: a listing reads every
    // article of the blog to choose its own, so each is rendered again (6 tags, two forms each).
    const article = await rerendered(root, session, ['content/en/blog/clickup-as-erp.md'], () =>
      edit(root, 'content/en/blog/clickup-as-erp.md', (text) => text.replace(/^title: .*$/m, 'title: "ClickUp as an ERP, revisited"')),
    );
    expect(article.count).toBe(6 + 12);
    expect(String(article.result.files.get('clickup-as-erp/index.html'))).toContain('ClickUp as an ERP, revisited');
    expect(String(article.result.files.get('blog/index.html'))).toContain('ClickUp as an ERP, revisited');
    // The feed and sitemap are made again on every build.
    expect(String(article.result.files.get('blog/feed.xml'))).toContain('<title>ClickUp as an ERP, revisited</title>');
    expect(String(article.result.files.get('sitemap.xml'))).toContain('<loc>https://www.kestrelbyte.example/clickup-as-erp</loc>');

    // Its body, with the route table as it was (the hashes the session kept: session-inputs.ts).
    // A sentence more: its own two forms. Many words more: its reading time, which the cards
    // listing it show, so the same pages as its title.
    const sentence = await rerendered(root, session, ['content/en/blog/clickup-as-erp.md'], () => edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nOne more sentence.\n`));
    expect(sentence.result.pages).toBe(article.result.pages);
    expect(sentence.count).toBe(2);
    const longer = await rerendered(root, session, ['content/en/blog/clickup-as-erp.md'], () => edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\n${'More words here. '.repeat(600)}\n`));
    expect(longer.result.pages).toBe(article.result.pages);
    expect(longer.count).toBe(6 + 12);
    expect((await rerendered(root, session, [], async () => {})).count).toBe(0);

    // The blog hub's title names the feed every page of its locale links: all of them render.
    const hub = await rerendered(root, session, ['content/de/blog.md'], () =>
      edit(root, 'content/de/blog.md', (text) => text.replace(/^title: .*$/m, 'title: "Fachartikel"')),
    );
    expect(hub.count).toBe(total / 4);
    expect(String(hub.result.files.get('de/karriere/index.html'))).toContain('title="Fachartikel | Kestrelbyte" href="/de/blog/feed.xml"');
    expect(String(hub.result.files.get('de/blog/feed.xml'))).toContain('<title>Fachartikel | Kestrelbyte</title>');

    // A page nobody lists: only its own forms (the Hungarian about page: one form).
    const about = await rerendered(root, session, ['content/hu/about-us.md'], () =>
      edit(root, 'content/hu/about-us.md', (text) => `${text}\nMég egy mondat.\n`),
    );
    expect(about.count).toBe(1);
    // A body edit leaves every front matter as it was: the publication plan is the last build's.
    const planned = about.result.pages;
    const body = await rerendered(root, session, ['content/hu/about-us.md'], () => edit(root, 'content/hu/about-us.md', (text) => `${text}\nMég egy.\n`));
    expect(body.result.pages).toBe(planned);
    // Its front matter edited to a draft: planned again, shown with the preview's label (watch shows drafts).
    const label = '<p class="preview-label" role="note">';
    expect(String(body.result.files.get('hu/rolunk/index.html'))).not.toContain(label);
    const drafted = await rerendered(root, session, ['content/hu/about-us.md'], () => edit(root, 'content/hu/about-us.md', (text) => text.replace(/^title:/m, 'draft: true\ntitle:')));
    expect(drafted.result.pages).not.toBe(planned);
    expect(String(drafted.result.files.get('hu/rolunk/index.html'))).toContain(label);
    const undrafted = await rerendered(root, session, ['content/hu/about-us.md'], () => edit(root, 'content/hu/about-us.md', (text) => text.replace('draft: true\n', '')));
    expect(String(undrafted.result.files.get('hu/rolunk/index.html'))).not.toContain(label);

    // An open position's summary: its own two forms and the career page's, which lists it.
    const position = await rerendered(root, session, ['content/en/career/senior-react-developer.md'], () =>
      edit(root, 'content/en/career/senior-react-developer.md', (text) => text.replace(/^description: "/m, 'description: "Together with us, ')),
    );
    expect(position.count).toBe(4);
    expect(String(position.result.files.get('career/index.html'))).toContain('Together with us, ');
    expect(String(position.result.files.get('en/career/senior-react-developer/index.html'))).toContain('Together with us, ');

    // A locale file: every page (the messages are part of what every page reads: PageConfig).
    const german = await rerendered(root, session, ['locales/de.json'], () =>
      edit(root, 'locales/de.json', (text) => text.replace('"readMore": "Weiterlesen"', '"readMore": "Mehr lesen"')),
    );
    expect(german.count).toBe(total);
    expect(String(german.result.files.get('de/blog/index.html'))).toContain('Mehr lesen');

    // The sitemap and feeds are kept while what they show is (a body edit above): they follow
    // the messages (a tag's name labels the feeds' categories) and the site's settings.
    const tagName = await rerendered(root, session, ['locales/de.json'], () => edit(root, 'locales/de.json', (text) => text.replace('"erp": "ERP"', '"erp": "ERP-Systeme"')));
    expect(String(tagName.result.files.get('de/blog/feed.xml'))).toContain('<category term="erp" label="ERP-Systeme"/>');
    const moved = await rerendered(root, session, ['content/site.yaml'], () => edit(root, 'content/site.yaml', (text) => text.replace(/^url: .*$/m, 'url: https://kestrelbyte.example')));
    expect(String(moved.result.files.get('sitemap.xml'))).toContain('<loc>https://kestrelbyte.example/clickup-as-erp</loc>');
    expect(String(moved.result.files.get('blog/feed.xml'))).toContain('<id>https://kestrelbyte.example/clickup-as-erp</id>');

    // A template: every page, with the new template code, no restart.
    const template = await rerendered(root, session, ['src/templates/pages/HubPage.tsx'], () =>
      edit(root, 'src/templates/pages/HubPage.tsx', (text) => text.replace('<div className="hub-intro">', '<div className="hub-intro hub-intro--edited">')),
    );
    expect(template.count).toBe(total);
    expect(String(template.result.files.get('blog/index.html'))).toContain('hub-intro hub-intro--edited');
    await session.dispose();
  });
});
