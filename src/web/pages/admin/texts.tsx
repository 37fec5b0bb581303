import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { TextsView } from '#web/features/admin-texts/texts-view.tsx';

export default function TextsPage() {
  return (
    <>
      <AdminPageTitle>Texts</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Correct any text passengers see, in English and Dhivehi. A correction shows on their next page load;
        restoring the default undoes it.
      </p>
      <TextsView />
    </>
  );
}
