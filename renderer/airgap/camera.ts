/**
 * Reading QR symbols from light (docs/decisions.md §19 "Scan"): the camera's frames and still images drawn on a
 * canvas, and its pixels handed to shared/views/qr.ts `qrTextOf` (@paulmillr/qr's decoder). The
 * camera is asked for video only, never audio: the desktop shell grants exactly that
 * (electron/shell/camera-permission.ts) and would refuse a request that named the microphone.
 *
 * Invariant: the stream is stopped (every track) when the reader stops, so the camera light goes out.
 */
import { qrTextOf } from '../../shared/views/qr.ts';

/** Reads the pixels of a canvas after drawing `source` on it, scaled down to at most `maxSide` pixels a side. */
function textOfDrawable(source: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement, maxSide = 1024): string | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (ctx === null) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return qrTextOf(ctx.getImageData(0, 0, canvas.width, canvas.height));
}

/** The QR text of a still image file (a photo or screenshot of one frame), or null when it holds none. */
export async function textOfImageFile(file: Blob, canvas: HTMLCanvasElement): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return textOfDrawable(bitmap, bitmap.width, bitmap.height, canvas);
  } finally {
    bitmap.close();
  }
}

/** A running camera: `stop` ends the stream and the frame loop. */
export interface CameraReader {
  stop(): void;
}

/**
 * Starts the camera into `video` and reads a frame every `everyMs`, handing each symbol's text to
 * `onText` (awaited, so a completing frame's import finishes before the next read).
 */
export async function startCamera(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  onText: (text: string) => Promise<void>,
  everyMs = 100,
): Promise<CameraReader> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    const text = textOfDrawable(video, video.videoWidth, video.videoHeight, canvas);
    if (text !== null) await onText(text);
    if (!stopped) timer = setTimeout(() => void tick(), everyMs);
  };
  void tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
