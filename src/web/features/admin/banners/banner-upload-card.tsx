import { CheckCircle2, ImageUp, Monitor, Smartphone, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { IMAGE_TYPES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { type UploadStatus, useBannerUpload } from './use-banner-upload.ts';

function StatusLine({ status }: { status: UploadStatus }) {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'working':
      return (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <Spinner className="size-4 text-sky-700" />
            {MSG.optimizing}
          </p>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.percent}
            aria-valuetext={status.detail}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-sky-600 transition-[width]"
              style={{ width: `${status.percent}%` }}
            />
          </div>
          <p className="text-xs text-slate-600">{status.detail}</p>
        </div>
      );
    case 'invalid':
      return (
        <p className="flex items-start gap-2 text-sm text-red-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{MSG.invalidFile}:</strong> {status.reason}
          </span>
        </p>
      );
    case 'failed':
      return (
        <p className="flex items-start gap-2 text-sm text-red-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{MSG.uploadFailed(status.message)}</span>
        </p>
      );
    case 'done':
      return (
        <p className="flex items-center gap-2 text-sm text-green-800">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          {MSG.bannerUploaded}
        </p>
      );
  }
}

export function BannerUploadCard() {
  const id = useId();
  const [showOnDesktop, setShowOnDesktop] = useState(true);
  const [showOnMobile, setShowOnMobile] = useState(true);
  const { status, start, working } = useBannerUpload();
  const placed = showOnDesktop || showOnMobile;
  const disabled = !placed || working;
  // A file refused (by the browser's check or the server) is the file field's problem, said in
  // the status line under it.
  const refused = status.kind === 'invalid' || status.kind === 'failed';
  // Neither place ticked: both boxes are in error, described by the message under them.
  const placementProblem = placed
    ? {}
    : { 'aria-invalid': true as const, 'aria-describedby': `${id}-placement` };
  const describedBy = [placed ? null : `${id}-placement`, refused ? `${id}-status` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight text-slate-900">Upload Banner</h2>
        <CardDescription>{MSG.bannerFormats}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ul className="grid gap-2 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <Smartphone aria-hidden="true" className="size-4 shrink-0 text-sky-700" />
            Mobile banners: 1:1 ratio (1080x1080 recommended)
          </li>
          <li className="flex items-center gap-2">
            <Monitor aria-hidden="true" className="size-4 shrink-0 text-sky-700" />
            Desktop banners: 16:9 ratio (1920x1080 recommended)
          </li>
        </ul>

        <fieldset className="grid gap-3" disabled={working}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">Display on</legend>
          <Checkbox
            label="Show on desktop"
            checked={showOnDesktop}
            onChange={(e) => setShowOnDesktop(e.target.checked)}
            {...placementProblem}
          />
          <Checkbox
            label="Show on mobile"
            checked={showOnMobile}
            onChange={(e) => setShowOnMobile(e.target.checked)}
            {...placementProblem}
          />
          {placed ? null : (
            <p id={`${id}-placement`} className="text-sm text-amber-800">
              {MSG.bannerPlacement}
            </p>
          )}
        </fieldset>

        <div>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="peer sr-only"
            disabled={disabled}
            aria-invalid={refused ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void start(file, { showOnDesktop, showOnMobile });
            }}
          />
          <label
            htmlFor={`${id}-file`}
            className={cn(
              'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-sky-700 px-4 text-sm font-semibold text-white shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
              disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-sky-800',
            )}
          >
            {working ? <Spinner className="size-4" /> : <ImageUp aria-hidden="true" className="size-4" />}
            {working ? 'Uploading…' : 'Choose image to upload'}
          </label>
        </div>

        <div id={`${id}-status`} aria-live="polite" role="status" className="min-h-6">
          <StatusLine status={status} />
        </div>
      </CardContent>
    </Card>
  );
}
