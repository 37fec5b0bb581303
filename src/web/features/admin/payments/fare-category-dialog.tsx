import { Save } from 'lucide-react';
import { useId } from 'react';
import {
  type FareCategoryAdmin,
  type FareCategoryForm,
  fareCategoryBody,
  fareCategoryFormSchema,
  PRICE_RULES,
  type PriceRule,
} from '#shared/fare-categories.ts';
import { FARE_CATEGORY_MSG } from '#shared/messages/staff.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveFareCategory } from './fare-categories-api.ts';

export const RULE_LABEL: Record<PriceRule, string> = {
  free: 'Free',
  percent: 'A percentage off the adult fare',
  price: 'Its own price',
};

const EMPTY: FareCategoryForm = {
  code: '',
  nameEn: '',
  nameDv: '',
  priceRule: 'percent',
  percentOff: '',
  localPrice: '',
  foreignerPrice: '',
  seat: true,
  idRequired: true,
  minAge: '',
  maxAge: '',
  active: true,
};

const valuesOf = (c: FareCategoryAdmin | null): FareCategoryForm =>
  c
    ? {
        code: c.code,
        nameEn: c.nameEn,
        nameDv: c.nameDv,
        priceRule: c.priceRule,
        percentOff: c.percentOff ? String(Number(c.percentOff)) : '',
        localPrice: c.localPrice ?? '',
        foreignerPrice: c.foreignerPrice ?? '',
        seat: c.seat,
        idRequired: c.idRequired,
        minAge: c.minAge === null ? '' : String(c.minAge),
        maxAge: c.maxAge === null ? '' : String(c.maxAge),
        active: c.active,
      }
    : EMPTY;

const TEXT_FIELDS = [
  'code',
  'nameEn',
  'nameDv',
  'percentOff',
  'localPrice',
  'foreignerPrice',
  'minAge',
  'maxAge',
] as const;

/**
 * One concession (docs/decisions/036-fare-categories.md): its code (fixed once made), its names
 * in English and Dhivehi, its price rule, whether it takes a seat and needs an ID at boarding,
 * and the ages the wizard explains.
 */
export function FareCategoryDialog({
  category,
  nextSort,
  open,
  onOpenChange,
}: {
  /** The concession being edited; null adds a new one. */
  category: FareCategoryAdmin | null;
  /** A new one's place in the list: after the others. */
  nextSort: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const save = useSaveFareCategory();
  const form = useDialogForm({
    schema: fareCategoryFormSchema,
    open,
    subject: category,
    values: valuesOf(category),
    request: save,
  });
  const { errors } = form.formState;
  const rule = form.watch('priceRule');

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      {
        code: input.code,
        create: category === null,
        body: fareCategoryBody(input, category?.sort ?? nextSort),
      },
      {
        onSuccess: () => {
          toast.success(FARE_CATEGORY_MSG.saved);
          onOpenChange(false);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          const field = TEXT_FIELDS.find((f) => fields?.[f]);
          if (field) form.setError(field, { message: fields?.[field] }, { shouldFocus: true });
          else form.setError('root', { message: errorMessage(error) });
          toast.error(FARE_CATEGORY_MSG.saveFailed, { description: errorMessage(error) });
        },
      },
    );
  });

  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    extra: { hint?: string; inputMode?: 'decimal' | 'numeric'; lang?: string; dir?: string } = {},
  ) => (
    <FormField id={`${id}-${name}`} label={label} hint={extra.hint} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          inputMode={extra.inputMode}
          lang={extra.lang}
          dir={extra.dir}
          readOnly={name === 'code' && category !== null}
          {...form.register(name)}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? `Edit Category: ${category.nameEn}` : 'Add Fare Category'}
      description="A concession passengers choose beside adult, child and infant."
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={save.isPending}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel={category ? 'Save Category' : 'Add Category'}
      pendingLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('code', 'Code', {
          hint: category ? 'A code stays as it was made.' : 'Lowercase, such as senior or student',
        })}
        <FormField id={`${id}-priceRule`} label="Price" error={errors.priceRule?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('priceRule')}>
              {PRICE_RULES.map((r) => (
                <option key={r} value={r}>
                  {RULE_LABEL[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {text('nameEn', 'Name (English)')}
        {text('nameDv', 'Name (Dhivehi)', { lang: 'dv', dir: 'rtl' })}
        {rule === 'percent' &&
          text('percentOff', 'Percentage off (%)', { inputMode: 'decimal', hint: '1 to 100' })}
        {rule === 'price' && (
          <>
            {text('localPrice', 'Local price (MVR)', {
              inputMode: 'decimal',
              hint: 'A route’s own fare for this category wins',
            })}
            {text('foreignerPrice', 'Foreigner price (USD)', { inputMode: 'decimal' })}
          </>
        )}
        {text('minAge', 'Lowest age', { inputMode: 'numeric', hint: 'Optional: the wizard explains it' })}
        {text('maxAge', 'Highest age', { inputMode: 'numeric', hint: 'Optional' })}
      </div>
      <div className="grid gap-3">
        <Checkbox
          label="Takes a seat"
          description="Off: travels on a lap, like an infant."
          {...form.register('seat')}
        />
        <Checkbox
          label="ID required at boarding"
          description="The crew checks the ID before the party boards."
          {...form.register('idRequired')}
        />
        <Checkbox label="Active" description="Inactive: no longer sold." {...form.register('active')} />
      </div>
    </FormDialog>
  );
}
