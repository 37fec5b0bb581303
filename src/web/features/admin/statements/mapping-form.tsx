import { FileUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import {
  type CsvMapping,
  STATEMENT_DATE_FORMATS,
  STATEMENT_DECIMAL_MARKS,
  type StatementMappingRequiredDetails,
} from '#shared/statements.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import {
  type AmountMode,
  columnsFor,
  initialMappingValues,
  MAPPING_COLUMNS,
  type MappingFormValues,
  type MappingResult,
  toCsvMapping,
} from './mapping.ts';

type Errors = Extract<MappingResult, { ok: false }>['errors'];

const DECIMAL_LABEL: Record<(typeof STATEMENT_DECIMAL_MARKS)[number], string> = {
  '.': 'Point: 1,234.50',
  ',': 'Comma: 1.234,50',
};

/** The file's header row and first rows as the bank wrote them, to pick the columns from. */
function PreviewTable({
  details,
  captionId,
}: {
  details: StatementMappingRequiredDetails;
  captionId: string;
}) {
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-sky-700"
    >
      <table className="w-full text-left text-sm" aria-labelledby={captionId}>
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            {details.headers.map((header, i) => (
              // Headers may repeat or be empty in a bank's file: the column's place keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <th key={i} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {header || `Column ${i + 1}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {details.preview.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the file's rows have no id but their order.
            <tr key={r}>
              {details.headers.map((_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place.
                <td key={c} className="px-3 py-2 whitespace-nowrap text-slate-800 tabular-nums">
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A CSV layout the account has no mapping for: which column is which, picked from the file's
 * own headers (the server's guess to start with), checked by the contract's schema before the
 * same file goes again with the mapping.
 */
export function MappingForm({
  details,
  pending,
  onSubmit,
}: {
  details: StatementMappingRequiredDetails;
  pending: boolean;
  onSubmit: (mapping: CsvMapping) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<MappingFormValues>(() => initialMappingValues(details));
  const [errors, setErrors] = useState<Errors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const set = (field: keyof MappingFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toCsvMapping(values, details.headerRow);
    if (checked.ok) onSubmit(checked.mapping);
    else setErrors(checked.errors);
  };
  const shown = columnsFor(values.amountMode);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-amber-200 bg-amber-50/50 p-4"
    >
      <h3
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 outline-none"
      >
        {STATEMENT_MSG.mappingTitle}
      </h3>
      <p id={`${id}-preview`} className="text-sm text-slate-700">
        The file’s header (line {details.headerRow}) and its first rows. The mapping is kept for this account,
        so the next file of this layout imports at once.
      </p>
      <PreviewTable details={details} captionId={`${id}-preview`} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">The amount is</legend>
        {(
          [
            ['amount', 'One column, debits negative'],
            ['credits', 'A credit column (and a debit column)'],
          ] as const satisfies readonly (readonly [AmountMode, string])[]
        ).map(([mode, label]) => (
          <label key={mode} className="flex cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={values.amountMode === mode}
              onChange={() => set('amountMode', mode)}
              className="size-4 accent-sky-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {MAPPING_COLUMNS.filter((c) => shown.includes(c.field)).map(({ field, label, optional }) => (
          <FormField
            key={field}
            id={`${id}-${field}`}
            label={optional ? `${label} (optional)` : label}
            error={errors[field]}
          >
            {(control) => (
              <NativeSelect {...control} value={values[field]} onChange={(e) => set(field, e.target.value)}>
                <option value="">{optional ? 'Not in the file' : 'Choose a column'}</option>
                {details.headers.map((header, i) =>
                  header ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place.
                    <option key={i} value={header}>
                      {header}
                    </option>
                  ) : null,
                )}
              </NativeSelect>
            )}
          </FormField>
        ))}
        <FormField id={`${id}-dateFormat`} label="Date format" error={errors.dateFormat}>
          {(control) => (
            <NativeSelect
              {...control}
              value={values.dateFormat}
              onChange={(e) => set('dateFormat', e.target.value)}
            >
              {STATEMENT_DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-decimalMark`} label="Decimal mark" error={errors.decimalMark}>
          {(control) => (
            <NativeSelect
              {...control}
              value={values.decimalMark}
              onChange={(e) => set('decimalMark', e.target.value)}
            >
              {STATEMENT_DECIMAL_MARKS.map((mark) => (
                <option key={mark} value={mark}>
                  {DECIMAL_LABEL[mark]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner /> : <FileUp aria-hidden="true" />}
          {pending ? 'Importing…' : 'Import with this mapping'}
        </Button>
      </div>
    </form>
  );
}
