import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import type { PerCurrency } from '#shared/counter.ts';

/** The cash drawers of a shift, one a currency, in the order their fields stand. */
export const DRAWERS = ['MVR', 'USD'] as const;
type Drawer = (typeof DRAWERS)[number];

/**
 * What a drawer's InputField takes, but its label: the id `${idPrefix}-mvr` or `${idPrefix}-usd`,
 * the drawer's problem under it (the shared rule's words), and the form's hold on its amount.
 */
export function drawerField(
  idPrefix: string,
  currency: Drawer,
  errors: FieldErrors<PerCurrency> | undefined,
  registration: UseFormRegisterReturn,
) {
  return {
    id: `${idPrefix}-${currency.toLowerCase()}`,
    error: errors?.[currency]?.message,
    inputMode: 'decimal' as const,
    ...registration,
  };
}

/** The first drawer's problem, said for the form as a whole. */
export const drawerProblem = (errors: FieldErrors<PerCurrency> | undefined) =>
  errors?.MVR?.message ?? errors?.USD?.message;
