// A dashboard list page's heading row: the title and, when adding is allowed right now, the Add button.
import { Plus } from 'lucide-react';
import { Button } from '../ui/button';

export function PageHeader({ title, add }: { title: string; add?: { label: string; onClick: () => void } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {add ? (
        <Button onClick={add.onClick}>
          <Plus className="h-4 w-4" aria-hidden />
          {add.label}
        </Button>
      ) : null}
    </div>
  );
}
