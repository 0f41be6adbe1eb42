/**
 * Runs `task` on every item with at most `concurrency` at a time. After the first failure, or
 * once `signal` aborts, no new task starts; the ones running finish, then the first error (or
 * the signal's reason) is thrown.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && !signal?.aborted && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
  if (signal?.aborted && next < items.length) throw signal.reason;
}
