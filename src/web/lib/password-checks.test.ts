import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import { checkNewPassword, checkPasswordChange } from './password-checks.ts';

describe('checkPasswordChange', () => {
  it('asks for the current password first', () => {
    expect(checkPasswordChange({ current: '', next: 'a', confirm: 'b' })?.message).toBe(
      MSG.currentPasswordRequired,
    );
  });

  it('then wants the new passwords to match, before their length', () => {
    expect(checkPasswordChange({ current: 'x', next: 'a', confirm: 'b' })?.message).toBe(
      MSG.passwordsDoNotMatch,
    );
  });

  it('then wants at least 12 characters', () => {
    expect(MSG.passwordTooShort).toBe('Password must be at least 12 characters long');
    const eleven = 'abcdefghijk';
    expect(checkPasswordChange({ current: 'x', next: eleven, confirm: eleven })?.message).toBe(
      MSG.passwordTooShort,
    );
    expect(checkPasswordChange({ current: 'x', next: `${eleven}l`, confirm: `${eleven}l` })).toBeNull();
  });
});

describe('checkNewPassword', () => {
  it('wants the two passwords to match, before their length', () => {
    expect(checkNewPassword({ next: 'a', confirm: 'b' })).toEqual({
      field: 'confirm',
      message: MSG.passwordsDoNotMatch,
    });
  });

  it('then wants at least 12 characters', () => {
    const eleven = 'abcdefghijk';
    expect(checkNewPassword({ next: eleven, confirm: eleven })).toEqual({
      field: 'next',
      message: MSG.passwordTooShort,
    });
    expect(checkNewPassword({ next: `${eleven}l`, confirm: `${eleven}l` })).toBeNull();
  });
});
