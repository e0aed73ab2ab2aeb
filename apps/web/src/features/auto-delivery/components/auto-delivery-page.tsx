// /dashboard/auto-delivery: the one switch that pauses every automatic completion at once, and the guardrails an
// order must stay within to complete by itself (amount per order, per buyer phone per day, per day in total). An
// order outside them waits for staff as always. Staff see the settings; only owners change them.
import { useTranslation } from 'react-i18next';
import { CirclePause, CirclePlay } from 'lucide-react';
import { AUTO_DELIVERY_LIMITS, type AutoDeliverySettingsDto } from '@topup/contract/auto-delivery';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/dashboard/form-controls';
import { FormError, errorText } from '../../../components/dashboard/form-error';
import { OwnerSettingsForm, useOwnerSettings } from '../../../components/dashboard/owner-settings-form';
import { ErrorScreen, LoadingScreen } from '../../../components/dashboard/status-screens';
import { useFormatDateTime } from '../../../lib/dates';
import { useIsOwner } from '../../../lib/me';
import { useAutoDeliverySettings, useSaveAutoDeliverySettings, useSetAutoDeliveryPaused } from '../api/auto-delivery';

type LimitKey = 'maxOrderAmount' | 'maxPerPhonePerDay' | 'maxPerDay';
const LIMITS: Array<{ key: LimitKey; max: number; decimals: boolean }> = [
  { key: 'maxOrderAmount', max: AUTO_DELIVERY_LIMITS.amountMax, decimals: true },
  { key: 'maxPerPhonePerDay', max: AUTO_DELIVERY_LIMITS.countMax, decimals: false },
  { key: 'maxPerDay', max: AUTO_DELIVERY_LIMITS.countMax, decimals: false },
];

/** An empty field is "no limit" (null); anything else goes as typed, for the server to judge. */
export function limitValue(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function AutoDeliveryPage() {
  const { t } = useTranslation('delivery');
  const settings = useAutoDeliverySettings();
  const isOwner = useIsOwner();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError)
    return <ErrorScreen message={errorText(settings.error, t('auto.loadFailed'))} onReload={() => void settings.refetch()} />;
  return (
    <section className="max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">{t('auto.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('auto.intro')}</p>
      </div>
      <PauseSwitch settings={settings.data} canEdit={isOwner} />
      <GuardrailsForm settings={settings.data} canEdit={isOwner} />
    </section>
  );
}

function PauseSwitch({ settings, canEdit }: { settings: AutoDeliverySettingsDto; canEdit: boolean }) {
  const { t } = useTranslation('delivery');
  const formatDateTime = useFormatDateTime();
  const pause = useSetAutoDeliveryPaused();
  const paused = settings.paused;
  return (
    <section
      className={`space-y-3 rounded-xl border p-4 ${paused ? 'border-amber-400 bg-amber-50' : 'border-emerald-300 bg-emerald-50'}`}
      data-testid="auto-delivery-state"
      data-paused={paused}
    >
      <p className="flex items-center gap-2 font-semibold">
        {paused ? (
          <CirclePause className="h-5 w-5 text-amber-700" aria-hidden />
        ) : (
          <CirclePlay className="h-5 w-5 text-emerald-700" aria-hidden />
        )}
        {paused ? t('auto.paused') : t('auto.running')}
      </p>
      <p className="text-sm text-slate-700">{t('auto.completedToday', { count: settings.completedToday })}</p>
      {settings.updatedAt ? (
        <p className="text-xs text-slate-600">
          {t('auto.changed', { at: formatDateTime(settings.updatedAt), by: settings.updatedBy ?? t('auto.someone') })}
        </p>
      ) : null}
      {canEdit ? (
        <>
          <FormError error={pause.error} fallback={t('auto.saveFailed')} />
          <Button variant={paused ? 'primary' : 'danger'} disabled={pause.isPending} onClick={() => pause.mutate(!paused)}>
            {paused ? t('auto.resume') : t('auto.pause')}
          </Button>
        </>
      ) : null}
    </section>
  );
}

function GuardrailsForm({ settings, canEdit }: { settings: AutoDeliverySettingsDto; canEdit: boolean }) {
  const { t } = useTranslation('delivery');
  const save = useSaveAutoDeliverySettings();
  const form = useOwnerSettings<Record<LimitKey, string>>(() => ({
    maxOrderAmount: settings.maxOrderAmount === null ? '' : String(settings.maxOrderAmount),
    maxPerPhonePerDay: settings.maxPerPhonePerDay === null ? '' : String(settings.maxPerPhonePerDay),
    maxPerDay: settings.maxPerDay === null ? '' : String(settings.maxPerDay),
  }));
  const { values } = form;

  return (
    <OwnerSettingsForm
      title={t('auto.guardrails')}
      intro={t('auto.guardrailsIntro')}
      note={t('auto.alwaysHeld')}
      testId="guardrails"
      canEdit={canEdit}
      saved={form.saved}
      save={save}
      texts="auto"
      onSave={() =>
        save.mutate(
          {
            maxOrderAmount: limitValue(values.maxOrderAmount),
            maxPerPhonePerDay: limitValue(values.maxPerPhonePerDay),
            maxPerDay: limitValue(values.maxPerDay),
          },
          { onSuccess: () => form.markSaved() },
        )
      }
    >
      {LIMITS.map(({ key, max, decimals }) => (
        <Field key={key} id={`auto-${key}`} label={t(`auto.limits.${key}`)}>
          <Input
            id={`auto-${key}`}
            type="number"
            inputMode={decimals ? 'decimal' : 'numeric'}
            min={0}
            max={max}
            step={decimals ? 'any' : 1}
            value={values[key]}
            placeholder={t('auto.noLimit')}
            onChange={(e) => form.set(key, e.target.value)}
            className="max-w-48"
          />
        </Field>
      ))}
    </OwnerSettingsForm>
  );
}
