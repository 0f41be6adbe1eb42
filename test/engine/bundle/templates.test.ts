import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, formatDiagnostic, type BuildOptions, type BuildResult } from '../../../src/engine';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';
import { smallSite } from '../../helpers/small-site';
import { edit, lineOf, REPO } from '../../helpers/site';
import { bundleTemplates } from '../../../src/engine/bundle/load-templates';
import { TemplateContext } from '../../../src/engine/bundle/template-context';

// The small site has every template, so its own copy of them is what a site's developers change.
const siteWithOwnTemplates = smallSiteWithOwnCode;

async function failureOf(root: string, options: Pick<BuildOptions, 'parallel'> = {}): Promise<BuildFailure> {
  const error = await build({ root, write: false, ...options }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildFailure);
  return error as BuildFailure;
}

describe('templates', () => {
  // One build of a site with its own templates, one of them changed, for the two tests that read a build that succeeds.
  let ownBuild: { root: string; result: BuildResult };
  beforeAll(async () => {
    const root = await siteWithOwnTemplates();
    await edit(root, 'src/templates/pages/CareerPage.tsx', (text) =>
      text.replace('<h2 id="open-positions">', '<h2 id="open-positions" data-own-template="yes">'),
    );
    ownBuild = { root, result: await build({ root, write: false }) };
  }, 120_000);

  it('uses the site\'s own templates when it has them', () => {
    expect(ownBuild.result.files.get('hu/karrier/index.html')).toContain('data-own-template="yes"');
  });

  // On this thread and on the page workers alike: the bundled module's frames are mapped to the
  // template sources by its inline source map (render/template-stacks.ts), not by Node's.
  for (const parallel of ['off', 'always'] as const) {
    it(`reports a template that throws at its own line, naming the page, with its stack in the sources (--parallel ${parallel})`, async () => {
      const root = await siteWithOwnTemplates();
      const file = 'src/templates/pages/CareerPage.tsx';
      const changed = await edit(root, file, (text) =>
        text.replace('  const { data } = content;\n', "  const { data } = content;\n  if (page.locale === 'hu') throw new Error('career template broke');\n"),
      );
      const { errors } = await failureOf(root, { parallel });
      expect(errors).toHaveLength(1);
      const line = lineOf(changed, "throw new Error('career template broke')");
      expect(errors[0]!.message).toBe('career template broke');
      expect(errors[0]!.pages).toEqual(['/hu/karrier']);
      expect(formatDiagnostic(errors[0]!, root)).toBe(`${file}:${line}:${errors[0]!.column}: error: career template broke (rendering /hu/karrier) [templates/render]`);
      expect(errors[0]!.file).toBe(path.join(root, file));
      expect(errors[0]!.line).toBe(line);
      // What --verbose prints: the stack's first frame is that line, no frame is in the bundled module.
      const stack = (errors[0]!.cause as Error).stack!;
      expect(stack.split('\n')[1]).toContain(`${path.join(root, file)}:${line}:`);
      expect(stack).not.toMatch(/templates-[0-9a-f]{16}\.mjs/);
    });
  }

  it('reports a message key that no locale has at the template line using it', async () => {
    const root = await siteWithOwnTemplates();
    const file = 'src/templates/pages/TenderPage.tsx';
    const changed = await edit(root, file, (text) => text.replace("i18n.t('tender.facts')", "i18n.t('tender.factz')"));
    const { errors } = await failureOf(root);
    const error = errors.find((e) => e.message.startsWith('unknown message key "tender.factz"'));
    expect(error?.file).toBe(path.join(root, file));
    expect(error?.line).toBe(lineOf(changed, "i18n.t('tender.factz')"));
    expect(error?.hint).toMatch(/add "tender\.factz" to every file in locales\//);
  });

  it('reports a template syntax error with esbuild\'s location', async () => {
    const root = await siteWithOwnTemplates();
    const file = 'src/templates/pages/AboutPage.tsx';
    const changed = await edit(root, file, (text) => text.replace('<Markdown html={content.html} {...proseProps(i18n)} />', '<Markdown html={content.html} {...proseProps(i18n)} >'));
    const { errors } = await failureOf(root);
    expect(errors[0]!.file).toBe(path.join(root, file));
    expect(errors[0]!.line).toBeGreaterThanOrEqual(lineOf(changed, '<Markdown html={content.html} {...proseProps(i18n)} >'));
  });

  it('bundles again from a kept esbuild context (watch): an edit, a syntax error at its line, its fix', async () => {
    const root = await siteWithOwnTemplates();
    const file = 'src/templates/pages/AboutPage.tsx';
    const context = new TemplateContext();
    const bundle = () => bundleTemplates(path.join(root, 'src/templates'), path.join(root, '.sitegen-cache'), context.bundle);
    try {
      const first = await bundle();
      await edit(root, file, (text) => text.replace('<Markdown html={content.html}', '<Markdown data-kept="1" html={content.html}'));
      const edited = await bundle();
      expect(edited.value.moduleFile).not.toBe(first.value.moduleFile);
      expect(await readFile(edited.value.moduleFile, 'utf8')).toContain('"data-kept": "1"');
      const broken = await edit(root, file, (text) => text.replace('{...proseProps(i18n)} />', '{...proseProps(i18n)} >'));
      const error = await bundle().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(BuildFailure);
      const [firstError] = (error as BuildFailure).errors;
      expect(firstError!.file).toBe(path.join(root, file));
      expect(firstError!.line).toBeGreaterThanOrEqual(lineOf(broken, '{...proseProps(i18n)} >'));
      await edit(root, file, (text) => text.replace('{...proseProps(i18n)} >', '{...proseProps(i18n)} />').replace('data-kept="1"', 'data-kept="2"'));
      expect(await readFile((await bundle()).value.moduleFile, 'utf8')).toContain('"data-kept": "2"');
    } finally {
      await context.dispose();
    }
  });

  it('reports an import of a package that is not installed at the template line', async () => {
    const root = await siteWithOwnTemplates();
    const file = 'src/templates/pages/AboutPage.tsx';
    const changed = await edit(root, file, (text) => `import { shine } from 'sitegen-no-such-package';\nvoid shine;\n${text}`);
    const { errors } = await failureOf(root);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/Could not resolve "sitegen-no-such-package"/);
    expect(errors[0]!.file).toBe(path.join(root, file));
    expect(errors[0]!.line).toBe(lineOf(changed, "from 'sitegen-no-such-package'"));
  });

  it('shares the engine\'s React and zod with templates outside sitegen\'s folder, importing them from where they are installed', async () => {
    const { root, result } = ownBuild;
    expect(result.files.get('hu/karrier/index.html')).toContain('<html lang="hu-HU"');
    const [module] = (await readdir(path.join(root, '.sitegen-cache/templates'))).filter((name) => name.endsWith('.mjs'));
    const imports = [...(await readFile(path.join(root, '.sitegen-cache/templates', module!), 'utf8')).matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]!);
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports) {
      expect(path.resolve(root, '.sitegen-cache/templates', specifier).startsWith(path.join(REPO, 'node_modules') + path.sep)).toBe(true);
    }
  });

  it('fails a route whose front matter misses a field its template requires', async () => {
    const root = await smallSite();
    const file = 'content/en/case-studies/producer-plants.md';
    const changed = await edit(root, file, (text) => text.replace(/^industry: .*\n/m, ''));
    const { errors } = await failureOf(root);
    expect(errors.map((e) => [e.file, e.message])).toEqual([[path.join(root, file), 'missing required field "industry"']]);
    expect(errors[0]!.line).toBe(lineOf(changed, '---\n') + 1);
  });
});
