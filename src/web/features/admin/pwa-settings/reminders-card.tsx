import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { apiErrorText } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { reminderSettingsQuery, useSaveReminderSettings } from './api.ts';

/** The day-before reminder e-mails: on unless the operator turns them off. Saved as it is ticked. */
export function RemindersCard() {
  const settings = useQuery(reminderSettingsQuery);
  const save = useSaveReminderSettings();
  // What was ticked shows at once, in the same render as the click, and gives way to the server's answer.
  const [ticked, setTicked] = useState<boolean | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Passenger reminders</h2>
        <CardDescription>
          The day before departure, from 09:00, every confirmed passenger with an e-mail address gets a
          reminder in their language: the time, the stop, arriving 30 minutes early, and their e-ticket.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <ErrorNote error={settings.error} />
        ) : settings.data ? (
          <Checkbox
            label="Send the day-before reminders"
            description={save.isPending ? 'Saving…' : undefined}
            checked={ticked ?? settings.data.remindersEnabled}
            disabled={save.isPending}
            onChange={(event) => {
              setTicked(event.target.checked);
              save.mutate(
                { remindersEnabled: event.target.checked },
                {
                  onSettled: () => setTicked(null),
                  onSuccess: (saved) =>
                    toast.success(saved.remindersEnabled ? 'Reminders are on' : 'Reminders are off'),
                  onError: (error) =>
                    toast.error('The reminder setting was not saved', { description: apiErrorText(error) }),
                },
              );
            }}
          />
        ) : (
          <Skeleton className="h-6 w-64" />
        )}
      </CardContent>
    </Card>
  );
}
