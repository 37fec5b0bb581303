import { Save } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { LAUNCH_DEFAULT_CAPACITY, LAUNCH_MAX_CAPACITY, LAUNCH_MIN_CAPACITY } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { type AdminLaunch, launchInputSchema } from '#shared/setup-api.ts';
import { DialogForm, EditDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { FormProblems } from '#web/components/form-problems.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useFocusFirstInvalid } from '#web/lib/focus-invalid.ts';
import type { CompressProgress } from '#web/lib/image-compress.ts';
import { errorMessage, useSaveLaunch, useUploadLaunchImage } from './api.ts';
import { type ImageStatus, LaunchImageField } from './launch-image-field.tsx';
import { SeatLabelEditor } from './seat-label-editor.tsx';
import { numberedSeats, parseCapacity, resizeSeats } from './seat-labels.ts';

const IDLE: ImageStatus = { kind: 'idle', text: '' };

function LaunchForm({ launch, onDone }: { launch: AdminLaunch | null; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(launch?.name ?? '');
  const [capacityText, setCapacityText] = useState(String(launch?.capacity ?? LAUNCH_DEFAULT_CAPACITY));
  const [seats, setSeats] = useState<string[]>(
    () => launch?.seatNumbers ?? numberedSeats(LAUNCH_DEFAULT_CAPACITY),
  );
  const [active, setActive] = useState(launch ? launch.status === 'active' : true);
  const [imageUrl, setImageUrl] = useState(launch?.imageUrl ?? null);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [imageStatus, setImageStatus] = useState<ImageStatus>(IDLE);
  const [serverError, setServerError] = useState<string | null>(null);
  /** The server's word on the name (a refusal that names the field), until it is changed. */
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  // Problems wait for the person: the name's until Save was tried (said on leaving the field, it
  // would move Save away from under the pointer that is pressing it), the seats' until a label
  // was typed or Save tried.
  const [submitted, setSubmitted] = useState(false);
  const [seatsEdited, setSeatsEdited] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  const save = useSaveLaunch();
  const upload = useUploadLaunchImage();

  // The capacity is the number of seats (docs/product.md section 10.5); the input is committed on blur.
  const input = { name, capacity: seats.length, seatNumbers: seats, status: active ? 'active' : 'inactive' };
  const parsed = launchInputSchema.safeParse(input);
  const issues = parsed.success ? [] : parsed.error.issues;
  const nameProblem =
    serverNameError ?? (submitted ? issues.find((i) => i.path[0] === 'name')?.message : undefined);
  const otherProblems =
    submitted || seatsEdited
      ? [...new Set(issues.filter((i) => i.path[0] !== 'name').map((i) => i.message))]
      : [];
  const problemsId = `${id}-problems`;
  const busy = save.isPending || imageStatus.kind === 'working';

  const commitCapacity = () => {
    const capacity = parseCapacity(capacityText);
    setCapacityText(String(capacity));
    setSeats((current) => resizeSeats(current, capacity));
  };

  const onProgress = (p: CompressProgress) => {
    if (p.stage !== 'done') setImageStatus({ kind: 'working', text: MSG.optimizing });
  };

  const uploadImage = async (launchId: string, file: File): Promise<boolean> => {
    setImageStatus({ kind: 'working', text: MSG.optimizing });
    try {
      const updated = await upload.mutateAsync({ id: launchId, file, onProgress });
      setImageUrl(updated.imageUrl);
      setPendingFile(null);
      setImageStatus({ kind: 'done', text: 'Image uploaded' });
      return true;
    } catch (error) {
      setImageStatus({ kind: 'error', text: MSG.uploadFailed(errorMessage(error)) });
      return false;
    }
  };

  const onFile = (file: File) => {
    // An existing launch takes the photo at once; a new one after it has been created.
    if (launch) void uploadImage(launch.id, file);
    else {
      setPendingFile(file);
      setImageStatus({ kind: 'idle', text: `Uploaded after the launch is created: ${file.name}` });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const formElement = event.currentTarget;
    if (!parsed.success) return focusFirstInvalid(formElement);
    setServerError(null);
    setServerNameError(null);
    save.mutate(
      { id: launch?.id ?? null, input: parsed.data },
      {
        onSuccess: async (saved) => {
          if (!launch && pendingFile) await uploadImage(saved.id, pendingFile);
          onDone();
        },
        onError: (error) => {
          // A refusal about the name is said under it; any other under the form.
          const about = error instanceof ApiError ? error.fields?.name : undefined;
          if (about) setServerNameError(about);
          else setServerError(errorMessage(error));
          focusFirstInvalid(formElement);
        },
      },
    );
  };

  return (
    <DialogForm
      onSubmit={onSubmit}
      className="gap-5"
      pending={busy}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel="Save Launch"
      cancelLabel={launch && imageStatus.kind === 'done' ? 'Close' : 'Cancel'}
      onCancel={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField id={`${id}-name`} label="Name" error={nameProblem}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                setServerError(null);
                setServerNameError(null);
              }}
            />
          )}
        </FormField>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-capacity`}>Capacity</Label>
          <Input
            id={`${id}-capacity`}
            type="number"
            inputMode="numeric"
            min={LAUNCH_MIN_CAPACITY}
            max={LAUNCH_MAX_CAPACITY}
            step={1}
            value={capacityText}
            aria-describedby={`${id}-capacity-hint`}
            onChange={(e) => setCapacityText(e.target.value)}
            onBlur={commitCapacity}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitCapacity();
              }
            }}
          />
        </div>
        <p id={`${id}-capacity-hint`} className="-mt-2 text-xs text-slate-600 sm:col-span-2">
          {LAUNCH_MIN_CAPACITY} to {LAUNCH_MAX_CAPACITY} seats; anything else becomes{' '}
          {LAUNCH_DEFAULT_CAPACITY}. The seat labels below follow the capacity.
        </p>
      </div>
      <Checkbox
        label="Active"
        description="Active launches are counted on the dashboard."
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <SeatLabelEditor
        labels={seats}
        onChange={(labels) => {
          setSeats(labels);
          setSeatsEdited(true);
          setServerError(null);
        }}
        describedBy={otherProblems.length > 0 ? problemsId : undefined}
      />
      <LaunchImageField imageUrl={imageUrl} pendingFile={pendingFile} status={imageStatus} onFile={onFile} />
      <FormProblems id={problemsId} problems={otherProblems} serverError={serverError} />
    </DialogForm>
  );
}

/** Create (launch null) or edit one launch; the form starts afresh each time it opens. */
export function LaunchDialog({
  open,
  launch,
  onOpenChange,
}: {
  open: boolean;
  launch: AdminLaunch | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog
      open={open}
      item={launch}
      onOpenChange={onOpenChange}
      noun="Launch"
      description="A vessel, its capacity and the label of each seat as passengers see it."
    >
      {(item, onDone) => <LaunchForm launch={item} onDone={onDone} />}
    </EditDialog>
  );
}
