/** How long a download's object URL lives: the browser has started reading it well before. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves a file made in the browser: an object URL and a link with `download`, clicked. No
 * navigation, nothing inline, so it works under the strict CSP.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
