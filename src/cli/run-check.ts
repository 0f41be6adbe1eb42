import { reportFailure } from './report';

export interface CheckFlags {
  root: string;
  out?: string;
  verbose: boolean;
}

/** `sitegen check`: one line when the output is clean; otherwise every finding and exit code 1. */
export async function runCheck(flags: CheckFlags): Promise<void> {
  const started = performance.now();
  const { check } = await import('../check/index');
  const { formatDiagnostic } = await import('../engine/inspect');
  try {
    const result = await check({ root: flags.root, ...(flags.out ? { out: flags.out } : {}) });
    const ms = Math.round(performance.now() - started);
    if (flags.verbose) {
      for (const [stage, stageMs] of result.timings) console.log(`  ${stage.padEnd(34)} ${stageMs.toFixed(1).padStart(7)} ms`);
    }
    const checked = `${result.pages} pages (${result.files} files) in ${result.outDir}`;
    for (const finding of result.findings) console.error(formatDiagnostic(finding));
    // Warnings (outdated translations) are printed, and do not fail the check.
    const count = result.findings.filter((finding) => finding.severity === 'error').length;
    const warnings = result.findings.length - count;
    const warned = warnings > 0 ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '';
    if (count === 0) {
      console.log(`sitegen: checked ${checked} in ${ms} ms: no problems${warned && `, ${warned}`}`);
      return;
    }
    console.error(`sitegen: check found ${count} problem${count === 1 ? '' : 's'}${warned && ` and ${warned}`} in ${checked} (${ms} ms)`);
    process.exitCode = 1;
  } catch (error) {
    await reportFailure(error, flags.verbose);
  }
}
