import { SLIP_ZOOM } from '#shared/constants.ts';

// docs/product.md section 9: 0.5x to 3x in 0.25 steps. Steps of 0.25 are exact in binary floating
// point, so the limits compare equal without rounding.
export const clampZoom = (zoom: number) => Math.min(SLIP_ZOOM.max, Math.max(SLIP_ZOOM.min, zoom));
export const zoomIn = (zoom: number) => clampZoom(zoom + SLIP_ZOOM.step);
export const zoomOut = (zoom: number) => clampZoom(zoom - SLIP_ZOOM.step);
export const formatZoom = (zoom: number) => `${zoom}x`;
