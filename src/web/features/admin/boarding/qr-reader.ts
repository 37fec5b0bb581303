export type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** The platform's Barcode Detection API, where it reads QR codes (Android's Chrome); else null. */
export async function nativeQrDetector(): Promise<DetectorClass | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats: string[] = (await Native?.getSupportedFormats?.().catch(() => [])) ?? [];
  return Native && formats.includes('qr_code') ? Native : null;
}

/**
 * The ZXing WebAssembly ponyfill and its `.wasm` file's address on this site (never a CDN, so
 * it can be kept for offline use): about 950 KB, loaded only by the boarding screen.
 */
export const loadZxing = () =>
  Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
