/**
 * The CI pipelines a user copies: `.github/workflows/deploy.yml` and the `.gitlab-ci.yml` of
 * docs/ci.md. Every command they run must exist: a `sitegen` subcommand with its real options
 * (asked of the commander program), an `npm` command with options its `--help` lists, or a
 * script of package.json. And the GitHub workflow publishes with an assumed role, never with
 * stored keys.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createProgram } from '../../src/cli/index';
import { REPO } from '../helpers/site';

const WORKFLOW = path.join(REPO, '.github/workflows/deploy.yml');
const CI_DOC = path.join(REPO, 'docs/ci.md');
const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

const workflowText = readFileSync(WORKFLOW, 'utf8');
const workflow = parse(workflowText) as {
  on: { push: { branches: string[] }; schedule: Array<{ cron: string }>; workflow_dispatch: { inputs: Record<string, { type: string }> } };
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { steps: Step[]; env?: Record<string, string>; environment?: string }>;
};
const job = workflow.jobs.deploy!;

/** The `.gitlab-ci.yml` block of docs/ci.md. */
function gitlabPipeline(): { deploy: { script: string[]; variables: Record<string, string>; id_tokens: Record<string, { aud: string }> } } {
  const block = /```yaml\n# \.gitlab-ci\.yml\n([\s\S]*?)```/.exec(readFileSync(CI_DOC, 'utf8'));
  if (!block) throw new Error('docs/ci.md has no ```yaml block starting with "# .gitlab-ci.yml"');
  return parse(block[1]!);
}

// ---- reading shell commands ----

/** Words of a shell line, quotes removed (`"$SITE_URL"` stays one word). */
function words(line: string): string[] {
  const result: string[] = [];
  let word = '';
  let quote: string | undefined;
  let started = false;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started || word) result.push(word);
      word = '';
      started = false;
    } else {
      word += char;
    }
  }
  if (quote) throw new Error(`unclosed quote in: ${line}`);
  if (started || word) result.push(word);
  return result;
}

/**
 * The simple commands of a script: split at newlines, `;`, `&&` and `||`, with `if`, `then`,
 * `else`, `fi` and `[ … ]` tests taken away, and the redirection of `>` dropped.
 */
function commands(script: string): string[][] {
  const result: string[][] = [];
  for (const line of script.split('\n')) {
    for (const part of line.split(/;|&&|\|\|/)) {
      let parts = words(part.trim());
      while (['if', 'then', 'else', 'fi'].includes(parts[0] ?? '')) parts = parts.slice(1);
      if (parts[0] === '[') continue;
      const redirect = parts.indexOf('>');
      if (redirect !== -1) parts = parts.slice(0, redirect);
      if (parts.length > 0) result.push(parts);
    }
  }
  return result;
}

const npmHelp = new Map<string, string>();
function helpOfNpm(sub: string): string {
  if (!npmHelp.has(sub)) npmHelp.set(sub, execFileSync('npm', [sub, '--help'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  return npmHelp.get(sub)!;
}

/** Why a command would not run as written, or undefined when it would. */
function problemOf(command: string[]): string | undefined {
  const [tool, ...args] = command;
  if (tool === 'npx' && args[0] === 'sitegen') return sitegenProblem(args.slice(1));
  if (tool === 'npm' && args[0] === 'run') return pkg.scripts[args[1] ?? ''] === undefined ? `npm run ${args[1]}: package.json has no such script` : undefined;
  if (tool === 'npm') return npmProblem(args);
  if (tool === 'printf') return undefined;
  return `${command.join(' ')}: not a command the pipelines are known to run (add it to this test knowingly)`;
}

function sitegenProblem(args: string[]): string | undefined {
  const program = createProgram();
  const command = program.commands.find((candidate: Command) => candidate.name() === args[0]);
  if (!command) return `sitegen ${args[0]}: no such command (${program.commands.map((candidate) => candidate.name()).join(', ')})`;
  const given = new Set<string>();
  for (let i = 1; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    const option = command.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (!option) return `sitegen ${args[0]}: no option ${flag} (${command.options.map((candidate) => candidate.long).join(', ')})`;
    given.add(option.attributeName());
    if ((option.required || option.optional) && inline === undefined) {
      const value = args[i + 1];
      if (option.required && (value === undefined || value.startsWith('--'))) return `sitegen ${args[0]} ${flag}: needs a value`;
      if (value !== undefined && !value.startsWith('--')) i++;
    }
  }
  const missing = command.options.filter((option) => option.mandatory && !given.has(option.attributeName()));
  if (missing.length > 0) return `sitegen ${args[0]}: ${missing.map((option) => option.long).join(', ')} is required`;
  return undefined;
}

function npmProblem(args: string[]): string | undefined {
  const [sub, ...rest] = args;
  const help = helpOfNpm(sub!);
  if (!/^Usage:/m.test(help)) return `npm ${sub}: not an npm command`;
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i]!.split('=', 2) as [string, string | undefined];
    if (!flag.startsWith('--')) return `npm ${sub}: unexpected argument ${flag}`;
    const listed = new RegExp(`\\[${flag.replace(/[-]/g, '\\-')}(?: <([^>]+)>)?[ \\]]`).exec(help.replace(/\s+/g, ' '));
    if (!listed) return `npm ${sub}: its --help lists no ${flag}`;
    if (listed[1]) {
      const value = inline ?? rest[++i];
      if (value === undefined || !listed[1].split('|').includes(value)) return `npm ${sub} ${flag}: ${value} is not one of ${listed[1]}`;
    }
  }
  return undefined;
}

const runSteps = job.steps.filter((step) => step.run !== undefined);

describe('the checks of this test', () => {
  it('read shell lines and catch what would not run', () => {
    expect(commands('npm ci --omit=dev\nif [ "$A" = true ]; then npx sitegen build; else npx sitegen build --previous "$SITE_URL"; fi')).toEqual([
      ['npm', 'ci', '--omit=dev'],
      ['npx', 'sitegen', 'build'],
      ['npx', 'sitegen', 'build', '--previous', '$SITE_URL'],
    ]);
    expect(problemOf(['npx', 'sitegen', 'deploy'])).toMatch(/no such command/);
    expect(problemOf(['npx', 'sitegen', 'publish', '--target', 's3://x', '--dryrun'])).toMatch(/no option --dryrun/);
    expect(problemOf(['npx', 'sitegen', 'publish', '--dry-run'])).toMatch(/--target is required/);
    expect(problemOf(['npx', 'sitegen', 'build', '--previous'])).toMatch(/needs a value/);
    expect(problemOf(['npm', 'run', 'deploy'])).toMatch(/no such script/);
    expect(problemOf(['npm', 'audit', '--audit-level=severe'])).toMatch(/severe is not one of/);
    expect(problemOf(['npm', 'ci', '--omit-dev'])).toMatch(/lists no --omit-dev/);
    expect(problemOf(['aws', 's3', 'sync', 'dist', 's3://x'])).toMatch(/not a command the pipelines are known to run/);
  });
});

describe('.github/workflows/deploy.yml', () => {
  it('runs only commands that exist, with options they have', () => {
    const all = runSteps.flatMap((step) => commands(step.run!));
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const command of all) expect(problemOf(command), command.join(' ')).toBeUndefined();
  });

  it('installs only the dependencies, audits them, then builds, checks and publishes, in that order', () => {
    const order = runSteps.map((step) => commands(step.run!).map((command) => command.slice(0, 3).join(' ')).join(' + '));
    expect(order).toEqual([
      'npm ci --omit=dev + npm run prepare',
      'npm audit --omit=dev',
      'npx sitegen build',
      'npx sitegen build',
      'npx sitegen check',
      'npx sitegen publish',
      'npx sitegen publish',
    ]);
    expect(runSteps[1]!.run).toContain('--audit-level=high');
  });

  it('restores and saves the build cache, keyed on the lockfile, before the build', () => {
    const at = job.steps.findIndex((step) => step.uses?.startsWith('actions/cache@'));
    const cache = job.steps[at]!;
    expect(cache.with).toMatchObject({ path: '.sitegen-cache' });
    expect(String(cache.with!.key)).toMatch(/^sitegen-\$\{\{ runner\.os \}\}-\$\{\{ hashFiles\('package-lock\.json'\) \}\}-\$\{\{ github\.run_id \}\}$/);
    expect(String(cache.with!['restore-keys']).trim()).toBe("sitegen-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-");
    expect(at).toBeLessThan(job.steps.findIndex((step) => step.run?.includes('sitegen build')));
  });

  it('publishes with credentials of an assumed role (OIDC), given only to the steps after the build', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    expect(workflowText).not.toMatch(/secrets\.|aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY/i);
    const at = job.steps.findIndex((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'));
    const credentials = job.steps[at]!;
    expect(Object.keys(credentials.with!).sort()).toEqual(['aws-region', 'role-duration-seconds', 'role-session-name', 'role-to-assume']);
    expect(credentials.with!['role-to-assume']).toBe('${{ vars.AWS_ROLE_ARN }}');
    expect(credentials.with!['role-duration-seconds']).toBe(900);
    const publishes = job.steps.map((step, index) => (step.run?.includes('sitegen publish') ? index : -1)).filter((index) => index !== -1);
    const others = job.steps.map((step, index) => (step.run && !step.run.includes('sitegen publish') ? index : -1)).filter((index) => index !== -1);
    expect(Math.min(...publishes)).toBeGreaterThan(at);
    expect(Math.max(...others)).toBeLessThan(at);
  });

  it('runs on pushes to main, every night and by hand, one at a time', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.schedule).toHaveLength(1);
    const [minute, hour, day, month, weekday] = workflow.on.schedule[0]!.cron.split(' ');
    expect([day, month, weekday]).toEqual(['*', '*', '*']);
    expect(Number(minute)).toBeLessThan(60);
    expect(Number(hour)).toBeLessThan(24);
    expect(Object.keys(workflow.on.workflow_dispatch.inputs).sort()).toEqual(['first-deploy', 'policy-changed']);
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    // The flags the inputs stand for are on the commands their steps run.
    const byInput = (input: string) => job.steps.filter((step) => step.if === `\${{ inputs.${input} }}`).map((step) => step.run);
    expect(byInput('first-deploy')).toEqual(['npx sitegen build --now']);
    // Scheduled posts go live with the first run after their time: every build takes the run's time.
    for (const step of runSteps.filter((step) => step.run!.includes('sitegen build'))) expect(step.run).toContain('--now');
    expect(byInput('policy-changed')).toEqual(['npx sitegen publish --target "$SITEGEN_TARGET" --policy-changed']);
  });

  it('uses known actions by major version, with inputs they have', () => {
    const INPUTS: Record<string, string[]> = {
      'actions/checkout': ['persist-credentials'],
      'actions/setup-node': ['node-version', 'cache'],
      'actions/cache': ['path', 'key', 'restore-keys'],
      'aws-actions/configure-aws-credentials': ['role-to-assume', 'aws-region', 'role-session-name', 'role-duration-seconds'],
    };
    for (const step of job.steps.filter((candidate) => candidate.uses)) {
      const [action, version] = step.uses!.split('@');
      expect(INPUTS[action!], step.uses).toBeDefined();
      expect(version, step.uses).toMatch(/^v\d+$/);
      for (const input of Object.keys(step.with ?? {})) expect(INPUTS[action!], `${step.uses} with ${input}`).toContain(input);
    }
  });

  it('names only variables that docs/ci.md explains', () => {
    const doc = readFileSync(CI_DOC, 'utf8');
    const used = [...new Set([...workflowText.matchAll(/vars\.(\w+)/g)].map((match) => match[1]!))];
    expect(used.sort()).toEqual(['AWS_REGION', 'AWS_ROLE_ARN', 'SITEGEN_TARGET', 'SITE_URL']);
    for (const name of used) expect(doc).toContain(`| \`${name}\` |`);
  });
});

describe('the GitLab CI pipeline of docs/ci.md', () => {
  const pipeline = gitlabPipeline();

  it('runs only commands that exist, with options they have, the same as the GitHub workflow', () => {
    const all = pipeline.deploy.script.flatMap((line) => commands(line));
    for (const command of all) expect(problemOf(command), command.join(' ')).toBeUndefined();
    const github = runSteps.flatMap((step) => commands(step.run!)).map((command) => command.join(' '));
    for (const command of all.filter((candidate) => candidate[0] !== 'printf')) {
      expect(github, command.join(' ')).toContain(command.join(' '));
    }
  });

  it('gets the role through an ID token, which the AWS SDK inside sitegen exchanges itself', () => {
    expect(pipeline.deploy.id_tokens.AWS_ID_TOKEN).toEqual({ aud: 'sts.amazonaws.com' });
    expect(pipeline.deploy.variables.AWS_WEB_IDENTITY_TOKEN_FILE).toBeDefined();
    expect(JSON.stringify(pipeline)).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY/);
  });
});
