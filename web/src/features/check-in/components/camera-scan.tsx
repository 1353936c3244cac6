import { useEffect, useRef, useState } from 'react';
import { Notice } from '@web/components/ui/notice';
import { codeOfScan, qrDetector } from '../qr-detector';

/** How often a frame of the camera is looked at: often enough to feel instant, rarely enough to spare the battery. */
export const SCAN_EVERY_MS = 250;

const CAMERA_REFUSED = 'The camera is not allowed or not available: type the code instead';
const NOT_A_CHECK_IN = 'That QR code is not a SAMS check-in code: scan the one on the classroom screen';

/**
 * 'Scan the QR code' on the Check in page: the back camera in a small preview until a check-in code is read,
 * then the camera is turned off and `onCode` gets it. The camera is off whenever this leaves the screen.
 * Shown only where the browser can reach a camera (a secure page).
 */
export function CameraScan({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return stop();
        const detector = await qrDetector();
        const element = video.current!;
        element.srcObject = stream;
        await element.play();
        const look = async () => {
          if (stopped) return;
          const [seen] = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : [];
          const code = seen && codeOfScan(seen.rawValue);
          if (seen && !code) setProblem(NOT_A_CHECK_IN);
          if (code && !stopped) {
            stop();
            setScanning(false);
            found.current(code);
            return;
          }
          timer = setTimeout(() => void look(), SCAN_EVERY_MS);
        };
        void look();
      } catch {
        stop();
        setScanning(false);
        setProblem(CAMERA_REFUSED);
      }
    })();
    return stop;
  }, [scanning]);

  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <div className="check-in-scan">
      {scanning ? (
        <>
          <video ref={video} className="check-in-camera" muted playsInline aria-label="Camera: point it at the QR code" />
          <button type="button" className="button button-secondary" onClick={() => setScanning(false)}>
            Stop the camera
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => {
            setProblem(null);
            setScanning(true);
          }}
        >
          Scan the QR code
        </button>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
    </div>
  );
}
