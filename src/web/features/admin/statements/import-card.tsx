import { FileUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import {
  type CsvMapping,
  STATEMENT_ACCOUNTS,
  type StatementAccount,
  type StatementMappingRequiredDetails,
  statementInvalidDetailsSchema,
  statementMappingRequiredDetailsSchema,
} from '#shared/statements.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useImportStatement } from './api.ts';
import { type ImportOutcome, ImportOutcomeNote } from './import-outcome.tsx';
import { MappingForm } from './mapping-form.tsx';
import { invalidRowText } from './wording.ts';

const ACCOUNT_LABEL: Record<StatementAccount, string> = { MVR: 'MVR account', USD: 'USD account' };

/** A mapping asked for, with the upload it was asked for (the same file goes again). */
type MappingAsked = { details: StatementMappingRequiredDetails; file: File; account: StatementAccount };

/** Why the server refused the file, in words: the bad row and field when it names them. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'statement_invalid') {
    const details = statementInvalidDetailsSchema.safeParse(error.details);
    if (details.success) return invalidRowText(details.data);
  }
  return errorMessage(error);
}

/**
 * Importing a statement: its account and file, then what came of it. A CSV layout not seen
 * before asks for its mapping first, and the same file is sent again with it.
 */
export function ImportCard() {
  const id = useId();
  const upload = useImportStatement();
  const [account, setAccount] = useState<StatementAccount>('MVR');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [mapping, setMapping] = useState<MappingAsked | null>(null);

  const send = (sent: { file: File; account: StatementAccount; mapping?: CsvMapping }) => {
    setOutcome(null);
    upload.mutate(sent, {
      onSuccess: (result) => {
        setMapping(null);
        setOutcome({ kind: 'result', result });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'statement_mapping_required') {
          const details = statementMappingRequiredDetailsSchema.safeParse(error.details);
          if (details.success) {
            setMapping({ details: details.data, file: sent.file, account: sent.account });
            return;
          }
        }
        setOutcome({ kind: 'refused', text: refusalText(error) });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(STATEMENT_MSG.chooseFile);
      document.getElementById(`${id}-file`)?.focus();
      return;
    }
    setMapping(null);
    send({ file, account });
  };

  return (
    <Card>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Import a statement
        </h2>
        <CardDescription>
          The bank’s statement of one account, as camt.053 XML or CSV. Lines that carry a waiting booking’s
          reference and its total pay it; the rest wait below.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Account</legend>
            <div className="flex flex-wrap gap-2">
              {STATEMENT_ACCOUNTS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 text-sm font-semibold text-slate-900 has-checked:border-sky-600 has-checked:bg-sky-50"
                >
                  <input
                    type="radio"
                    name={`${id}-account`}
                    value={value}
                    checked={account === value}
                    onChange={() => setAccount(value)}
                    className="size-4 accent-sky-700"
                  />
                  {ACCOUNT_LABEL[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>Statement file (.xml or .csv)</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".xml,.csv,text/csv,application/xml,text/xml"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${id}-file-error` : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
              className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white text-sm text-slate-800 file:mr-3 file:h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
            />
            {fileError ? (
              <p id={`${id}-file-error`} role="alert" className="text-sm text-red-800">
                {fileError}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
              {upload.isPending && !mapping ? <Spinner /> : <FileUp aria-hidden="true" />}
              {upload.isPending && !mapping ? 'Importing…' : 'Import'}
            </Button>
          </div>
        </form>
        <ImportOutcomeNote outcome={outcome} />
        {mapping && (
          <MappingForm
            key={`${mapping.file.name}-${mapping.file.lastModified}-${mapping.account}`}
            details={mapping.details}
            pending={upload.isPending}
            onSubmit={(csvMapping) =>
              send({ file: mapping.file, account: mapping.account, mapping: csvMapping })
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
