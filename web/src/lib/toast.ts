import { createStore, useStore } from './store';

export type ToastKind = 'error' | 'success';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Toasts last 2.5 s (docs/product.md §8: about 2 to 3 seconds). */
export const TOAST_MS = 2500;

const store = createStore<Toast[]>([]);
let nextId = 1;

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  store.set((toasts) => [...toasts.filter((toast) => toast.message !== message), { id, kind, message }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

export const toast = {
  error: (message: string) => show('error', message),
  success: (message: string) => show('success', message),
};

export const dismissToast = (id: number) => store.set((toasts) => toasts.filter((toast) => toast.id !== id));
export const clearToasts = () => store.set([]);
export const useToasts = (): Toast[] => useStore(store);
