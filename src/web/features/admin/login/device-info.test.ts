import { describe, expect, it } from 'vitest';
import { parseBrowser, parseDevice, parseOs } from './device-info.ts';
import { redirectTarget } from './redirect-target.ts';

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroidTablet:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('device info', () => {
  it('names the browser, not the engines it claims to be like', () => {
    expect(parseBrowser(UA.chromeLinux)).toBe('Chrome 131');
    expect(parseBrowser(UA.edgeWindows)).toBe('Edge 131');
    expect(parseBrowser(UA.safariIphone)).toBe('Safari 17');
    expect(parseBrowser(UA.firefoxMac)).toBe('Firefox 128');
    expect(parseBrowser('curl/8.0')).toBe('Unknown');
  });

  it('names the operating system', () => {
    expect(parseOs(UA.chromeLinux)).toBe('Linux');
    expect(parseOs(UA.edgeWindows)).toBe('Windows');
    expect(parseOs(UA.safariIphone)).toBe('iOS');
    expect(parseOs(UA.firefoxMac)).toBe('macOS');
    expect(parseOs(UA.chromeAndroidTablet)).toBe('Android');
    expect(parseOs('curl/8.0', 'Plan 9')).toBe('Plan 9');
  });

  it('tells phones, tablets and desktops apart', () => {
    expect(parseDevice(UA.safariIphone)).toBe('Mobile');
    expect(parseDevice(UA.chromeAndroidTablet)).toBe('Tablet');
    expect(parseDevice(UA.chromeLinux)).toBe('Desktop');
    expect(parseDevice(UA.chromeLinux, true)).toBe('Mobile');
  });
});

describe('redirectTarget', () => {
  it('returns to the admin page first asked for', () => {
    expect(redirectTarget({ from: '/admin/tickets?q=26' }, 'office')).toBe('/admin/tickets?q=26');
  });

  it('goes to the role’s own first screen for anything else, and for the bare /admin', () => {
    expect(redirectTarget(null, 'owner')).toBe('/admin/dashboard');
    expect(redirectTarget({ from: '/admin' }, 'crew')).toBe('/admin/boarding');
    expect(redirectTarget({ from: '/admin/login' }, 'office')).toBe('/admin/dashboard');
    expect(redirectTarget({ from: '//evil.example/admin' }, 'counter')).toBe('/admin/counter');
    expect(redirectTarget({ from: '/administrator' }, 'owner')).toBe('/admin/dashboard');
    expect(redirectTarget({ from: 42 }, 'owner')).toBe('/admin/dashboard');
  });
});
