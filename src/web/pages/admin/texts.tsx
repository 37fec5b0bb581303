import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { TextsView } from '#web/features/admin/texts/texts-view.tsx';

export default function TextsPage() {
  return (
    <>
      <AdminPageTitle>Texts</AdminPageTitle>
      <p className="mt-1 text-sm text-slate-600">
        Correct the texts passengers see, in English and Dhivehi. A correction shows on their next page load;
        restoring the default undoes it. Texts that tell passengers where or how to pay are the owner’s to
        change, like the bank accounts.
      </p>
      <TextsView />
    </>
  );
}
