import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './catalogue.ts';
import { currentVersion, registerTexts, setOverrides } from './texts.tsx';

describe('the texts React re-renders for', () => {
  beforeAll(() => i18n.activate('en'));

  it('a screen registering its English texts changes no version: nothing on screen re-renders', () => {
    const before = currentVersion();
    registerTexts('texts-test-screen', { 'texts-test.hello': ['Hello'] }, async () => ({ default: {} }));
    expect(currentVersion()).toBe(before);
    expect(i18n._('texts-test.hello')).toBe('Hello');
  });

  it("the operator's corrections and a language change do re-render", () => {
    const before = currentVersion();
    setOverrides({ en: { 'texts-test.hello': ['Welcome aboard'] } });
    expect(currentVersion()).toBeGreaterThan(before);
    const corrected = currentVersion();
    i18n.activate('en');
    expect(currentVersion()).toBeGreaterThan(corrected);
  });
});
