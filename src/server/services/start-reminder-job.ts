import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import {
  REMINDER_INTERVAL_MS,
  type SendDayBeforeRemindersOptions,
  sendDayBeforeReminders,
} from './send-day-before-reminders.ts';

export type ReminderJob = PeriodicJob;

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type StartReminderJobOptions = SendDayBeforeRemindersOptions & {
  log: Logger;
  intervalMs?: number;
  onSent?: () => void;
  /** After each run that did not fail, with what it did. */
  onRun?: (result: Awaited<ReturnType<typeof sendDayBeforeReminders>>) => void;
};

/** Runs the reminders now and every REMINDER_INTERVAL_MS; a run still going is never doubled. */
export function startReminderJob(opts: StartReminderJobOptions): ReminderJob {
  return startPeriodicJob(
    () =>
      sendDayBeforeReminders(opts)
        .then((result) => {
          if (result.sent > 0) {
            opts.log.info(result, 'day-before reminders queued');
            opts.onSent?.();
          }
          opts.onRun?.(result);
        })
        .catch((err: unknown) => opts.log.error({ err }, 'day-before reminders failed')),
    opts.intervalMs ?? REMINDER_INTERVAL_MS,
  );
}
