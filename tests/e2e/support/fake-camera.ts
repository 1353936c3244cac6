import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import encodeQR from 'qr';

/*
 * A phone's camera pointed at a QR code, for Chromium: a Y4M video of the code (the format Chromium's fake
 * capture device plays in a loop), and a Chromium that shows it as its camera and allows the camera.
 */

const SIZE = 480;

/** A video file whose every frame is the QR code of `text`, black on white with a quiet zone. */
export function qrVideoFile(text: string): string {
  const modules = encodeQR(text, 'raw');
  const scale = Math.floor(SIZE / (modules.length + 8));
  const offset = Math.floor((SIZE - modules.length * scale) / 2);
  const luma = Buffer.alloc(SIZE * SIZE, 235);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        luma.fill(16, (offset + y * scale + dy) * SIZE + offset + x * scale, (offset + y * scale + dy) * SIZE + offset + (x + 1) * scale);
    }),
  );
  const chroma = Buffer.alloc((SIZE / 2) * (SIZE / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(tmpdir(), `sams-qr-camera-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${SIZE} H${SIZE} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}

/** A Chromium whose camera films `videoFile`, with the camera allowed without asking. */
export function chromiumFilming(videoFile: string): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}
