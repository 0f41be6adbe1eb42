import { Command, InvalidArgumentError, Option } from 'commander';
import { version } from '../../package.json';
import { PUBLISH_DEFAULTS } from '../publish/defaults';
import { runBuild } from './run-build';
import { runPublish } from './run-publish';
import { runCheck } from './run-check';
import { runWatch } from './run-watch';
import { runMark, runTranslations } from './run-translations';

/**
 * The `sitegen` command line. It only parses flags and calls the engine, which is imported
 * when a command runs so `sitegen --help` starts fast.
 */
export function createProgram(): Command {
  const program = new Command('sitegen')
    .description('Build the multilingual (en, hu, de) company website from Markdown content and React templates.')
    .version(version, '-v, --version')
    .showHelpAfterError()
    // A subcommand's options are its own (`translations mark --root` is mark's).
    .enablePositionalOptions();

  program
    .command('build')
    .description('Render every page in every locale and write the site, its JSON and its assets to the output folder.')
    .addOption(new Option('--root <dir>', 'the site folder: content/, locales/, public/').default('.', 'the current directory'))
    .addOption(new Option('--out <dir>', 'the output folder, replaced as a whole when the build succeeds').default(undefined, 'dist/ under the root'))
    .option('--no-cache', 'neither use nor update the build cache in .sitegen-cache/ (the output is the same)')
    .option('--previous <dir-or-url>', 'the earlier build whose URLs must keep working: an output folder or the published site\'s URL (default: the output folder)')
    .addOption(
      new Option('--parallel <mode>', 'worker threads for Markdown and pages: auto (by the site\'s size), off (one thread), always (every worker, even for a small site)')
        .choices(['auto', 'off', 'always'])
        .default('auto'),
    )
    .option('--now', 'the build\'s time is the current time, not SOURCE_DATE_EPOCH or the last commit\'s: for CI, where scheduled pages go live with the first build after their time', false)
    .option('--drafts', 'a preview: also build pages with draft: true, labelled "Draft" (default output: dist-preview/)', false)
    .option('--future', 'a preview: also build pages whose publishDate is after the build\'s time, labelled "Scheduled for …" (default output: dist-preview/)', false)
    .option('--verbose', 'print the time of each build stage, and stack traces of unexpected errors', false)
    .action(runBuild);

  program
    .command('check')
    .description('Check the built site: links and assets, locale links, routes in all forms, hreflang, translation files, titles, headings, ids and alt texts.')
    .addOption(new Option('--root <dir>', 'the site folder: content/routes.yaml, content/site.yaml, locales/').default('.', 'the current directory'))
    .addOption(new Option('--out <dir>', 'the built output to check').default(undefined, 'dist/ under the root'))
    .option('--verbose', 'print the time of each check stage, and stack traces of unexpected errors', false)
    .action(runCheck);

  program
    .command('watch')
    .description('Build into memory, serve the site, and rebuild what each change affects; open pages reload themselves.')
    .addOption(new Option('--root <dir>', 'the site folder: content/, locales/, public/').default('.', 'the current directory'))
    .option('--port <port>', 'the port to serve on', '3000')
    .option('--host <host>', 'the address to serve on (loopback unless you choose otherwise)', '127.0.0.1')
    .option('--open', 'open the site in the default browser', false)
    .option('--no-drafts', 'leave out pages with draft: true (shown, labelled, by default)')
    .option('--no-future', 'leave out pages whose publishDate is after the build\'s time (shown, labelled, by default)')
    .option('--verbose', 'print the time of each build stage, and stack traces of unexpected errors', false)
    .action(runWatch);

  const translations = program
    .command('translations')
    .description('Show which translations of content and messages are up to date, outdated (their source changed since), missing or never marked, with what changed in the source.')
    .addOption(new Option('--root <dir>', 'the site folder').default('.', 'the current directory'))
    .option('--json', 'print the state of every translation as JSON, for tools', false)
    .option('--strict', 'exit with code 1 when a translation is outdated (for CI)', false)
    .option('--no-history', 'do not look in git for what changed in the sources (no diffs)')
    .option('--verbose', 'print stack traces of unexpected errors', false)
    .enablePositionalOptions()
    .action(runTranslations);

  translations
    .command('mark')
    .description('Record that translations translate their source as it is now: content files, locale files, <locale>:<key> or <key>.')
    .argument('[targets...]', 'content/hu/about-us.md, content/en/about-us.md (all its translations), locales/hu.json (all its messages), hu:nav.blog, nav.blog (every locale)')
    .addOption(new Option('--root <dir>', 'the site folder').default('.', 'the current directory'))
    .option('--all', 'mark every translation there is (to adopt translation records on an existing site)', false)
    .option('--verbose', 'print stack traces of unexpected errors', false)
    .action(runMark);

  program
    .command('publish')
    .description('Upload the built site to S3-compatible object storage: only what changed, assets before pages, latest.json last, then delete what is stale.')
    .requiredOption('--target <url>', 's3://bucket or s3://bucket/prefix')
    .addOption(new Option('--root <dir>', 'the site folder').default('.', 'the current directory'))
    .addOption(new Option('--out <dir>', 'the built output folder to publish').default(undefined, 'dist/ under the root'))
    .option('--endpoint <url>', 'an S3-compatible endpoint (path-style addressing), e.g. http://127.0.0.1:9000')
    .option('--region <region>', 'the bucket\'s region (default: AWS_REGION, else the profile\'s, or us-east-1 with --endpoint)')
    .option('--dry-run', 'print the plan and change nothing', false)
    .option('--max-deletes <n>', 'stop before changing anything when more objects would be deleted', count(0), PUBLISH_DEFAULTS.maxDeletes)
    .option('--force', 'allow more deletions than --max-deletes, and a target sitegen did not publish to', false)
    .option('--policy-changed', 'the host now sends this build\'s security headers: publish although they differ from the live build\'s', false)
    .option('--concurrency <n>', 'requests at a time', count(1), PUBLISH_DEFAULTS.concurrency)
    .option('--keep-builds <n>', 'earlier builds whose hashed assets stay for pages still open', count(0), PUBLISH_DEFAULTS.keepBuilds)
    .option('--verbose', 'show stack traces of unexpected errors', false)
    .action(runPublish);

  return program;
}

/** A commander parser for whole numbers of at least `min`. */
function count(min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min) throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    return parsed;
  };
}
