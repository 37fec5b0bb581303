import { describe, expect, it } from 'vitest';
import { SLIP_ZOOM } from '#shared/constants.ts';
import { clampZoom, formatZoom, zoomIn, zoomOut } from './zoom.ts';

describe('slip zoom (docs/product.md section 9: 0.5x to 3x in 0.25 steps)', () => {
  it('walks every step from the minimum to the maximum and stops there', () => {
    const seen: number[] = [SLIP_ZOOM.min];
    let zoom: number = SLIP_ZOOM.min;
    while (zoom < SLIP_ZOOM.max) {
      zoom = zoomIn(zoom);
      seen.push(zoom);
    }
    expect(seen).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3]);
    expect(zoomIn(SLIP_ZOOM.max)).toBe(SLIP_ZOOM.max);
    expect(zoomOut(SLIP_ZOOM.min)).toBe(SLIP_ZOOM.min);
    expect(zoomOut(1)).toBe(0.75);
  });

  it('clamps and formats', () => {
    expect(clampZoom(10)).toBe(3);
    expect(clampZoom(0)).toBe(0.5);
    expect(formatZoom(1.25)).toBe('1.25x');
    expect(formatZoom(3)).toBe('3x');
  });
});
