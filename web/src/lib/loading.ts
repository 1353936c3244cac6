import { createStore, useStore } from './store';

/** The global loader flag (docs/product.md §3): a count, so overlapping tasks keep the overlay up until the last ends. */
const store = createStore(0);

export async function withLoader<T>(task: () => Promise<T>): Promise<T> {
  store.set((count) => count + 1);
  try {
    return await task();
  } finally {
    store.set((count) => Math.max(0, count - 1));
  }
}

export const useLoading = (): boolean => useStore(store) > 0;
export const resetLoader = () => store.set(0);
