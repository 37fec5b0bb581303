import { expect } from 'vitest';
import { AppError } from '#server/lib/errors.ts';

/** The AppError a promise is refused with; a promise that resolves fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
