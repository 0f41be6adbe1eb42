/**
 * Turns a failed command into messages and exit code 1. Every error sitegen knows is a
 * diagnostic, printed by one formatter (`file:line:column: error: ... [code]` and a hint);
 * anything else is a bug or an environment problem, shown with its stack under --verbose.
 */
export async function reportFailure(error: unknown, verbose: boolean, command: 'build' | 'watch' | 'check' | 'publish' | 'translations' = 'build'): Promise<void> {
  const { BuildFailure, SiteError, formatDiagnostic } = await import('../engine/inspect');
  process.exitCode = 1;
  if (error instanceof BuildFailure) {
    for (const problem of error.errors) {
      console.error(formatDiagnostic(problem));
      if (verbose && problem.cause instanceof Error && problem.cause.stack) console.error(indent(problem.cause.stack));
    }
    const errors = `${error.errors.length} error${error.errors.length === 1 ? '' : 's'}`;
    console.error(command === 'build' ? `sitegen: build failed with ${errors}; the output folder was not changed` : `sitegen: ${command} stopped with ${errors}`);
    return;
  }
  if (error instanceof SiteError) {
    console.error(formatDiagnostic(error));
    if (verbose && error.cause instanceof Error && error.cause.stack) console.error(indent(error.cause.stack));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`sitegen: ${message}`);
  if (verbose && error instanceof Error && error.stack) console.error(error.stack);
  else console.error('  (run again with --verbose to see the stack trace)');
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}
