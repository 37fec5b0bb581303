import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** The foot of an admin item's card (a launch, a schedule): Edit, then the card's other actions. */
export function CardActions({ onEdit, children }: { onEdit: () => void; children: ReactNode }) {
  return (
    <div className="mt-auto flex flex-wrap gap-1.5 border-t border-slate-100 pt-3">
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {children}
    </div>
  );
}
