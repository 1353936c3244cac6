/**
 * Resolves in a task of its own: work that can wait a moment (reads kept for offline use, the saved marks)
 * runs after the page has painted, in short tasks rather than one long one that blocks a slow phone's
 * input (docs/benchmarks.md, Lighthouse's total blocking time).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
