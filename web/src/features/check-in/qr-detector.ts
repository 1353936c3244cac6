/*
 * Reading the classroom screen's QR code with the phone's camera (docs/product.md §2.18): the browser's own
 * BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else the `qr` library's BarcodeDetector
 * (the library that draws the screen's code), loaded only then and only on this page.
 */

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<readonly string[]>;
}

/** A QR code detector: the browser's, or the library's where the browser has none for QR codes. */
export async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = native ? await native.getSupportedFormats?.().catch(() => []) : [];
  if (native && formats?.includes('qr_code')) return new native({ formats: ['qr_code'] });
  const { BarcodeDetector } = await import('qr/decode.js');
  return new BarcodeDetector({ formats: ['qr_code'] }) as unknown as Detector;
}

/**
 * The check-in code a scanned QR code holds: the code of a link to this app's Check in page (what the classroom
 * screen shows), or a bare code; null for anything else (another site's link, a QR code of something else).
 */
export function codeOfScan(text: string, origin = window.location.origin): string | null {
  try {
    const url = new URL(text);
    return url.origin === origin && url.pathname === '/me/checkin' ? url.searchParams.get('code') : null;
  } catch {
    return /^[A-Z2-9]{6}$/i.test(text.trim()) ? text.trim() : null;
  }
}
