// Small form pieces the dashboard dialogs share: a labelled field, a native select and a checkbox with the shop's look.
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Field({ id, label, children, required }: { id: string; label: string; children: ReactNode; required?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {children}
    </div>
  );
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200',
        className,
      )}
      {...props}
    />
  );
}

export function Checkbox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
      />
      {label}
    </label>
  );
}

export const TABLE_WRAP = 'overflow-x-auto rounded-xl border border-slate-200 bg-white';
export const TH = 'px-3 py-2 font-semibold whitespace-nowrap';
export const TD = 'px-3 py-2';
export const THEAD = 'bg-slate-100 text-xs text-slate-700 uppercase';
