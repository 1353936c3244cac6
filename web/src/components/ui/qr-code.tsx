import { useMemo } from 'react';
import { encodeQR } from 'qr';

/**
 * A QR code of `text` (the `qr` library's encoder, error correction M, a quiet zone of 2 modules): one SVG path
 * of its dark modules, scaled to its box, drawn sharp. No image, no canvas: nothing the page's CSP refuses.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const modules = useMemo(() => encodeQR(text, 'raw', { ecc: 'medium', border: 2 }), [text]);
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg className="qr-code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
