import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { type FarePairForm, farePairFormSchema, type PriceList } from '#shared/fares.ts';
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
import { type FarePair, returnDiscountsQuery, useSaveFarePair } from './fares-api.ts';

/** The pair's prices and its return discount (docs/decisions/037-return-trips.md). */
const formSchema = z.intersection(
  farePairFormSchema,
  z.object({
    returnDiscount: z
      .string()
      .trim()
      .refine((v) => v === '' || isReturnDiscountPercent(v), { error: RETURN_DISCOUNT_PERCENT_MESSAGE }),
  }),
);
type FormValues = FarePairForm & { returnDiscount: string };

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
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const valuesOf = (pair: FarePair | null, returnDiscount: string): FormValues => ({
  ...pricesOf(pair),
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
 * then each price, empty for the ticket prices' own.
 */
export function FareDialog({ pair, pairs, locations, settings, open, onOpenChange }: Props) {
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
    values: valuesOf(pair, discountOf(pair)),
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
      if (Object.values(prices).every((price) => price === '')) {
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
      description="Prices for this way only. Leave a price empty to charge the ticket price."
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
