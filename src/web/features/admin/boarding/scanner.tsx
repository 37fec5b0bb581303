import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { type Detector, loadZxing, nativeQrDetector } from './qr-reader.ts';

/** The same code held in front of the camera is reported once per this many ms. */
const REPEAT_MS = 2500;
const SCAN_EVERY_MS = 120;

/**
 * The platform's Barcode Detection API where it reads QR codes (Android's Chrome), else the
 * ZXing WebAssembly ponyfill, served from this site (never a CDN) so it works offline once kept
 * (keep-boarding-offline.ts keeps it when the boarding screen opens online).
 */
async function makeDetector(): Promise<Detector> {
  const Native = await nativeQrDetector();
  if (Native) return new Native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await loadZxing();
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

type CameraState = 'off' | 'starting' | 'on' | 'failed';

/** The camera, reading QR codes; each new code goes to `onCode`. */
export function Scanner({ onCode }: { onCode: (text: string, detectedAt: number) => Promise<void> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (state !== 'starting') return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const last = { text: '', at: 0 };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        const detector = await makeDetector();
        if (stopped) return;
        setState('on');
        const tick = async () => {
          if (stopped) return;
          try {
            if (element.readyState >= 2) {
              const [code] = await detector.detect(element);
              const now = performance.now();
              if (code && (code.rawValue !== last.text || now - last.at > REPEAT_MS)) {
                last.text = code.rawValue;
                last.at = now;
                // No new read while the result is worked out: it has the main thread to itself.
                await latest.current(code.rawValue, now);
              }
            }
          } catch {
            // A frame that could not be read: the next one is tried.
          }
          timer = window.setTimeout(tick, SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [state]);

  const running = state === 'starting' || state === 'on';
  return (
    <div className="space-y-2">
      <div
        className={running ? 'relative overflow-hidden rounded-xl bg-black' : 'hidden'}
        aria-hidden={!running}
      >
        <video ref={video} muted playsInline className="aspect-video max-h-80 w-full object-cover" />
        {state === 'starting' && (
          <p className="absolute inset-0 grid place-items-center text-sm text-white">Starting the camera…</p>
        )}
      </div>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          The camera could not start. Allow the camera for this site, or type the booking reference below.
        </p>
      )}
      <Button
        type="button"
        variant={running ? 'outline' : 'default'}
        className="h-12 w-full text-base"
        onClick={() => setState(running ? 'off' : 'starting')}
      >
        {running ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {running ? 'Stop the camera' : 'Scan with the camera'}
      </Button>
    </div>
  );
}
