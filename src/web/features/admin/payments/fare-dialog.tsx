import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import type { FareCategoryAdmin } from '#shared/fare-categories.ts';
import {
  type FarePairForm,
  fareFormPrice,
  farePairFormSchema,
  type PriceList,
  type TicketType,
} from '#shared/fares.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import { isReturnDiscountPercent, RETURN_DISCOUNT_PERCENT_MESSAGE } from '#shared/return-discounts.ts';
import type { Location, PaymentSettingsView } from '#shared/schemas.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { toast } from '#web/lib/toast.ts';
import { type FarePair, returnDiscountsQuery, type TypedTypePrices, useSaveFarePair } from './fares-api.ts';

/**
 * The pair's prices, the infant's and the priced concessions' by code
 * (docs/decisions/036-fare-categories.md), and its return discount (docs/decisions/037-return-trips.md).
 */
const formSchema = z.intersection(
  farePairFormSchema,
  z.object({
    categoryPrices: z.record(z.string(), z.object({ local: fareFormPrice, foreigner: fareFormPrice })),
    returnDiscount: z
      .string()
      .trim()
      .refine((v) => v === '' || isReturnDiscountPercent(v), { error: RETURN_DISCOUNT_PERCENT_MESSAGE }),
  }),
);
type FormValues = FarePairForm & { categoryPrices: Record<string, TypedTypePrices>; returnDiscount: string };

/** A category the dialog prices beyond adult and child: its code, name and default prices. */
type ExtraCategory = { code: string; name: string; defaults: Record<TicketType, string | null> };

/**
 * The infant, then each active concession priced by its own price ('price'): what a pair may
 * price of its own. A free or percentage concession follows the adult fare and has none.
 */
export function extraCategories(
  settings: PaymentSettingsView,
  concessions: readonly FareCategoryAdmin[],
): ExtraCategory[] {
  return [
    {
      code: 'infant',
      name: 'Infant',
      defaults: {
        local: settings.infantLocalPrice || null,
        foreigner: settings.infantForeignerPrice || null,
      },
    },
    ...concessions
      .filter((c) => c.active && c.priceRule === 'price')
      .map((c) => ({
        code: c.code,
        name: c.nameEn,
        defaults: { local: c.localPrice, foreigner: c.foreignerPrice },
      })),
  ];
}

const TYPE_COLUMNS = [
  { type: 'local', label: 'local', currency: 'MVR' },
  { type: 'foreigner', label: 'foreigner', currency: 'USD' },
] as const satisfies readonly { type: TicketType; label: string; currency: string }[];

export const FARE_COLUMNS = [
  { name: 'localAdultPrice', label: 'Local adult', currency: 'MVR' },
  { name: 'localChildPrice', label: 'Local child', currency: 'MVR' },
  { name: 'foreignerAdultPrice', label: 'Foreigner adult', currency: 'USD' },
  { name: 'foreignerChildPrice', label: 'Foreigner child', currency: 'USD' },
] as const satisfies readonly { name: keyof PriceList; label: string; currency: string }[];

/** The pair's two places, chosen only when the pair is new. */
const PLACES = [
  { name: 'originId', label: 'From' },
  { name: 'destinationId', label: 'To' },
] as const;

const EMPTY: FarePairForm = {
  originId: '',
  destinationId: '',
  localAdultPrice: '',
  localChildPrice: '',
  foreignerAdultPrice: '',
  foreignerChildPrice: '',
};

type Props = {
  /** The pair being edited; null adds a new one. */
  pair: FarePair | null;
  /** Every pair with fares: a new pair must be another one. */
  pairs: readonly FarePair[];
  locations: readonly Location[];
  /** The ticket prices: what an empty price means. */
  settings: PaymentSettingsView;
  /** The infant and the priced concessions (`extraCategories`). */
  extras: readonly ExtraCategory[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const valuesOf = (
  pair: FarePair | null,
  extras: readonly ExtraCategory[],
  returnDiscount: string,
): FormValues => ({
  ...pricesOf(pair),
  categoryPrices: Object.fromEntries(
    extras.map(({ code }) => [
      code,
      {
        local: pair?.categoryFares[code]?.local?.price ?? '',
        foreigner: pair?.categoryFares[code]?.foreigner?.price ?? '',
      },
    ]),
  ),
  returnDiscount,
});

const pricesOf = (pair: FarePair | null): FarePairForm =>
  pair
    ? {
        originId: pair.originId,
        destinationId: pair.destinationId,
        localAdultPrice: pair.fares.localAdultPrice?.price ?? '',
        localChildPrice: pair.fares.localChildPrice?.price ?? '',
        foreignerAdultPrice: pair.fares.foreignerAdultPrice?.price ?? '',
        foreignerChildPrice: pair.fares.foreignerChildPrice?.price ?? '',
      }
    : EMPTY;

/**
 * A pair's four prices (docs/decisions/033-fares-per-port-pair.md): From and To when it is new,
 * then each price, empty for the ticket prices' own; then the infant's and each priced
 * concession's, empty for the category's default (docs/decisions/036-fare-categories.md).
 */
export function FareDialog({ pair, pairs, locations, settings, extras, open, onOpenChange }: Props) {
  const id = useId();
  const save = useSaveFarePair();
  const discounts = useQuery(returnDiscountsQuery);
  const discountOf = (p: FarePair | null) =>
    (p &&
      discounts.data?.find((d) => d.originId === p.originId && d.destinationId === p.destinationId)
        ?.percentOff) ??
    '';
  const form = useDialogForm({
    schema: formSchema,
    open,
    subject: pair,
    values: valuesOf(pair, extras, discountOf(pair)),
    request: save,
  });
  const { errors } = form.formState;
  const nameOf = (locationId: string) =>
    locations.find((l) => l.id === locationId)?.name ?? 'A removed place';

  const onSubmit = form.handleSubmit((input) => {
    const prices = {
      localAdultPrice: input.localAdultPrice,
      localChildPrice: input.localChildPrice,
      foreignerAdultPrice: input.foreignerAdultPrice,
      foreignerChildPrice: input.foreignerChildPrice,
    };
    if (!pair) {
      const taken = pairs.some(
        (p) => p.originId === input.originId && p.destinationId === input.destinationId,
      );
      if (taken) {
        form.setError('destinationId', { message: FARE_MSG.pairExists }, { shouldFocus: true });
        return;
      }
      const typed = [...Object.values(prices), ...Object.values(input.categoryPrices).flatMap(Object.values)];
      if (typed.every((price) => price === '')) {
        form.setError('localAdultPrice', { message: FARE_MSG.priceRequired }, { shouldFocus: true });
        return;
      }
    }
    save.mutate(
      {
        originId: input.originId,
        destinationId: input.destinationId,
        before: pair?.fares ?? {},
        prices,
        categoriesBefore: pair?.categoryFares ?? {},
        categoryPrices: input.categoryPrices,
        returnDiscount: { before: discountOf(pair), typed: input.returnDiscount },
      },
      {
        onSuccess: () => {
          toast.success(FARE_MSG.saved);
          onOpenChange(false);
        },
        onError: (error) => {
          // A refusal about a field is said under it (the server names `price` for all four: the
          // form's one message then); any other in the form. The toast adds to both.
          const field = error instanceof ApiError ? error.fields : undefined;
          if (field?.originId) form.setError('originId', { message: field.originId }, { shouldFocus: true });
          else if (field?.destinationId)
            form.setError('destinationId', { message: field.destinationId }, { shouldFocus: true });
          else if (field?.percentOff)
            form.setError('returnDiscount', { message: field.percentOff }, { shouldFocus: true });
          else form.setError('root', { message: errorMessage(error) });
          toast.error(FARE_MSG.saveFailed, { description: errorMessage(error) });
        },
      },
    );
  });

  const route = pair ? `${nameOf(pair.originId)} → ${nameOf(pair.destinationId)}` : '';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={pair ? `Edit Fares: ${route}` : 'Add Route Fares'}
      description="Prices for this way only. Leave a price empty to charge the usual one, shown under it."
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={save.isPending}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel={pair ? 'Save Fares' : 'Add Fares'}
      pendingLabel="Saving..."
    >
      {pair ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          {PLACES.map((place) => (
            <FormField
              key={place.name}
              id={`${id}-${place.name}`}
              label={place.label}
              error={errors[place.name]?.message}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register(place.name)}>
                  <option value="">Choose a place</option>
                  {locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ))}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {FARE_COLUMNS.map((column) => (
          <FormField
            key={column.name}
            id={`${id}-${column.name}`}
            label={`${column.label} (${column.currency})`}
            hint={`Empty: ${column.currency} ${settings[column.name]}`}
            error={errors[column.name]?.message}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder={settings[column.name]}
                {...form.register(column.name)}
              />
            )}
          </FormField>
        ))}
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Infants and concessions</legend>
        {extras.map((extra) => (
          <div key={extra.code} className="grid gap-4 sm:grid-cols-2">
            {TYPE_COLUMNS.map(({ type, label, currency }) => {
              const fallback = extra.defaults[type];
              return (
                <FormField
                  key={type}
                  id={`${id}-${extra.code}-${type}`}
                  label={`${extra.name} ${label} (${currency})`}
                  hint={`Empty: ${fallback ? `${currency} ${fallback}` : 'free'}`}
                  error={errors.categoryPrices?.[extra.code]?.[type]?.message}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={fallback ?? '0.00'}
                      {...form.register(`categoryPrices.${extra.code}.${type}`)}
                    />
                  )}
                </FormField>
              );
            })}
          </div>
        ))}
      </fieldset>
      <FormField
        id={`${id}-returnDiscount`}
        label="Return discount (%)"
        hint="Off a return booked on this route, either way round, out and back together. Empty: none."
        error={errors.returnDiscount?.message}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            className="max-w-32"
            {...form.register('returnDiscount')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
