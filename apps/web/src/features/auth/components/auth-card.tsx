// The centred card the sign-in, forgot-password and reset-password pages share.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useShopSettings } from '../../../lib/shop-settings';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const shop = useShopSettings();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg">
        <p className="mb-1 text-sm font-medium text-indigo-700">{shop.shopName}</p>
        <h1 className="mb-5 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function Notice({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const cls = {
    error: 'border-red-200 bg-red-50 text-red-700',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-amber-200 bg-amber-50 text-amber-900',
  }[tone];
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-lg border px-3 py-2 text-sm ${cls}`}>
      {children}
    </p>
  );
}

/** The card's full-width submit button, disabled and relabelled while its request runs. */
export function AuthSubmit({
  pending,
  disabled = false,
  label,
  pendingLabel,
}: {
  pending: boolean;
  disabled?: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending || disabled}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** The link under the card's form to another sign-in page. */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={to} className="font-medium text-indigo-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}
