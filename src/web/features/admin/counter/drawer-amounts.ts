import { useState } from 'react';
import { type PerCurrency, perCurrencySchema } from '#shared/counter.ts';

/** The cash drawers of a shift, one a currency, in the order their fields stand. */
export const DRAWERS = ['MVR', 'USD'] as const;
type Drawer = (typeof DRAWERS)[number];

/**
 * An amount typed for each drawer (a float, the cash counted), each in its field with the id
 * `${idPrefix}-mvr` or `${idPrefix}-usd`. `check()` gives the amounts once both pass the shared
 * rule; else it puts each drawer's first problem under its field, focuses the first such field
 * and gives null.
 */
export function useDrawerAmounts(idPrefix: string, initial: PerCurrency) {
  const [amounts, setAmounts] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<Drawer, string>>>({});
  const fieldId = (currency: Drawer) => `${idPrefix}-${currency.toLowerCase()}`;

  const check = (): PerCurrency | null => {
    const parsed = perCurrencySchema.safeParse(amounts);
    if (!parsed.success) {
      const found: typeof problems = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Drawer] ??= issue.message;
      setProblems(found);
      document.getElementById(fieldId(found.MVR ? 'MVR' : 'USD'))?.focus();
      return null;
    }
    setProblems({});
    return parsed.data;
  };

  /** What a drawer's InputField takes, but its label. */
  const field = (currency: Drawer) => ({
    id: fieldId(currency),
    error: problems[currency],
    inputMode: 'decimal' as const,
    value: amounts[currency],
    onValue: (value: string) => setAmounts({ ...amounts, [currency]: value }),
  });

  return { amounts, check, field, problem: problems.MVR ?? problems.USD };
}
