/*
 * This phone's check-in key (docs/product.md §2.18): a random value made the first time it is asked for and kept
 * on the device, so that one phone checking in two students is seen. It names the device, not a person: it stays
 * when someone signs out (docs/security.md, Check-in), and the server stores only its hash with each class.
 */
const KEY = 'sams-device-key';

export function deviceKey(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && kept.length >= 16) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // No storage (a private window that refuses it): a key for this page only.
    return (memory ??= crypto.randomUUID());
  }
}

let memory: string | undefined;
