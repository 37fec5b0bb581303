import type { ComponentProps } from 'react';
import { NATIONALITIES } from '#shared/constants.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { PASSENGER_TEXTS } from '../step-texts.ts';

/** The options' texts; the value sent stays the English name. */
const NATIONALITY_TEXTS: Record<(typeof NATIONALITIES)[number], TextId> = {
  Maldivian: 'passenger.nationalityMaldivian',
  Indian: 'passenger.nationalityIndian',
  'Sri Lankan': 'passenger.nationalitySriLankan',
  Bangladeshi: 'passenger.nationalityBangladeshi',
  Pakistani: 'passenger.nationalityPakistani',
  British: 'passenger.nationalityBritish',
  American: 'passenger.nationalityAmerican',
  Australian: 'passenger.nationalityAustralian',
  German: 'passenger.nationalityGerman',
  French: 'passenger.nationalityFrench',
  Other: 'passenger.nationalityOther',
};

/** The list of nationalities, in the reader's language, for the contact and every other person. */
export function NationalitySelect(props: ComponentProps<typeof NativeSelect>) {
  const t = useTexts(PASSENGER_TEXTS);
  return (
    <NativeSelect {...props}>
      {NATIONALITIES.map((n) => (
        <option key={n} value={n}>
          {t(NATIONALITY_TEXTS[n])}
        </option>
      ))}
    </NativeSelect>
  );
}
