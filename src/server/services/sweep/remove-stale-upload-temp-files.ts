import type { Clock } from '#server/lib/clock.ts';
import type { Storage } from '#server/lib/storage.ts';
import { ago, HOUR_MS } from '#server/lib/sweep-statements.ts';

/** A temp file of a write in flight is seconds old; one this old belongs to a write that died. */
const UPLOAD_TEMP_FILE_KEEP_MS = HOUR_MS;

export type RemoveStaleUploadTempFilesOptions = { storage: Storage; clock: Clock };

/** Temp files of uploads a crash cut short (storage.ts writes, then renames). */
export function removeStaleUploadTempFiles({
  storage,
  clock,
}: RemoveStaleUploadTempFilesOptions): Promise<number> {
  return storage.removeStaleTempFiles(ago(clock, UPLOAD_TEMP_FILE_KEEP_MS));
}
