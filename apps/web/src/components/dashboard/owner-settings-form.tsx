// A settings card that owners change and staff only read: a package's delivery (features/code-stock) and the automatic
// delivery's guardrails (features/auto-delivery). The fields sit in a fieldset staff can't edit; owners get the server's
// error in red, "Saved." after a save and Save with its pending state; staff get a note that only owners can change it
// (the server refuses them anyway). Texts from the delivery texts, both languages.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { FormError } from './form-error';

export type OwnerSettingsState<V> = {
  values: V;
  /** Changes one value; "Saved." goes until the next save. */
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  saved: boolean;
  /** After a save: shows "Saved." and, when given, the values as the server now has them. */
  markSaved: (values?: V) => void;
};

export function useOwnerSettings<V>(initial: () => V): OwnerSettingsState<V> {
  const [values, setValues] = useState<V>(initial);
  const [saved, setSaved] = useState(false);
  return {
    values,
    set: (key, value) => {
      setSaved(false);
      setValues((v) => ({ ...v, [key]: value }));
    },
    saved,
    markSaved: (next) => {
      if (next) setValues(next);
      setSaved(true);
    },
  };
}

type Props = {
  title: string;
  /** Under the title. */
  intro?: string;
  /** Under the fields, for owners and staff alike. */
  note?: string;
  testId: string;
  canEdit: boolean;
  saved: boolean;
  save: { isPending: boolean; error: unknown };
  /** The card's key in the delivery texts, holding its saveFailed and saved. */
  texts: string;
  /** Called on Save by an owner while no save is pending. */
  onSave: () => void;
  children: ReactNode;
};

export function OwnerSettingsForm({ title, intro, note, testId, canEdit, saved, save, texts, onSave, children }: Props) {
  const { t } = useTranslation('delivery');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canEdit || save.isPending) return;
    onSave();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      <fieldset disabled={!canEdit} className="space-y-4">
        {children}
      </fieldset>
      {note ? <p className="text-xs text-slate-600">{note}</p> : null}
      {canEdit ? (
        <>
          <FormError error={save.error} fallback={t(`${texts}.saveFailed`)} />
          {saved ? (
            <p role="status" className="text-sm text-green-700">
              {t(`${texts}.saved`)}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('ownersOnly')}</p>
      )}
    </form>
  );
}
