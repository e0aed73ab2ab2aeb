// "Alerts on my phone", from the account menu: turn Web Push alerts on or off for this device, see and remove the
// devices that receive them, choose which alerts and quiet hours. Owners also set when an order counts as about to
// be late. Alerts reach the phone with the dashboard closed and the screen locked.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Smartphone, Trash2 } from 'lucide-react';
import type { AlertPreferencesDto } from '@topup/contract/staff-alerts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { showToast } from '../../../lib/toast';
import { useShopSettings } from '../../../lib/shop-settings';
import { useQueryClient } from '@tanstack/react-query';
import {
  devicesKey,
  useDevices,
  usePreferences,
  useRemoveDevice,
  useSavePreferences,
  useSaveShopAlerts,
  useShopAlerts,
} from '../api/staff-alerts';
import { currentPushState, thisDeviceId, turnOffAlerts, turnOnAlerts, type PushState } from '../lib/dashboard-app';

const failed = (err: unknown, fallback: string) =>
  void showToast('error', err instanceof Error && err.message ? err.message : fallback, 5000);

function ThisDevice() {
  const { t } = useTranslation('alerts');
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushState().then(setState);
  }, []);
  const toggle = async () => {
    setBusy(true);
    try {
      const next = state === 'on' ? await turnOffAlerts() : await turnOnAlerts();
      setState(next);
      if (next === 'on') void showToast('success', t('device.turnedOn'), 3000);
    } catch (err) {
      failed(err, t('device.failed'));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    }
  };
  return (
    <section aria-labelledby="alerts-device" className="space-y-2">
      <h3 id="alerts-device" className="font-semibold">
        {t('device.title')}
      </h3>
      {state === 'unsupported' ? <p className="text-sm text-slate-600">{t('device.unsupported')}</p> : null}
      {state === 'blocked' ? <p className="text-sm text-slate-600">{t('device.blocked')}</p> : null}
      {state === 'on' || state === 'off' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700" data-testid="alerts-device-state">
            {state === 'on' ? t('device.on') : t('device.off')}
          </p>
          <Button
            size="sm"
            variant={state === 'on' ? 'secondary' : 'primary'}
            disabled={busy}
            onClick={() => void toggle()}
            data-testid="alerts-toggle"
          >
            {state === 'on' ? t('device.turnOff') : t('device.turnOn')}
          </Button>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">{t('device.installHint')}</p>
    </section>
  );
}

function Devices() {
  const { t, i18n } = useTranslation('alerts');
  const devices = useDevices();
  const remove = useRemoveDevice();
  const mine = thisDeviceId();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'mm' ? 'my-MM' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="alerts-devices" className="space-y-2">
      <h3 id="alerts-devices" className="font-semibold">
        {t('devices.title')}
      </h3>
      {devices.data?.length === 0 ? <p className="text-sm text-slate-600">{t('devices.none')}</p> : null}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="alerts-devices">
        {devices.data?.map((d) => (
          <li key={d.id} className="flex items-center gap-3 px-3 py-2">
            <Smartphone className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium">
                {d.label}
                {d.id === mine ? <span className="ml-2 text-xs text-indigo-700">{t('devices.thisDevice')}</span> : null}
              </p>
              <p className="truncate text-xs text-slate-500">
                {t('devices.added', { when: when(d.createdAt) })}
                {d.lastSentAt ? ` · ${t('devices.lastAlert', { when: when(d.lastSentAt) })}` : ''}
              </p>
            </div>
            <Button
              size="icon"
              variant="ghost"
              aria-label={t('devices.remove', { device: d.label })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(d.id, { onError: (err) => failed(err, t('devices.removeFailed')) })}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Preferences({ initial }: { initial: AlertPreferencesDto }) {
  const { t } = useTranslation('alerts');
  const save = useSavePreferences();
  const [prefs, setPrefs] = useState(initial);
  const [quiet, setQuiet] = useState(initial.quietHours ?? { start: '22:00', end: '07:00' });
  const [quietOn, setQuietOn] = useState(initial.quietHours !== null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...prefs, quietHours: quietOn ? quiet : null },
      {
        onSuccess: () => void showToast('success', t('preferences.saved'), 3000),
        onError: (err) => failed(err, t('preferences.saveFailed')),
      },
    );
  };
  const kind = (key: 'newOrder' | 'lateOrder' | 'checkProblem' | 'unmatchedPayment') => (
    <Checkbox
      id={`alerts-${key}`}
      label={t(`kinds.${key}`)}
      checked={prefs[key]}
      onChange={(checked) => setPrefs({ ...prefs, [key]: checked })}
    />
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="alerts-preferences">
      <h3 id="alerts-preferences" className="font-semibold">
        {t('preferences.title')}
      </h3>
      {kind('newOrder')}
      {kind('lateOrder')}
      {kind('checkProblem')}
      {kind('unmatchedPayment')}
      <Checkbox id="alerts-quiet" label={t('preferences.quiet')} checked={quietOn} onChange={setQuietOn} />
      {quietOn ? (
        <div className="grid grid-cols-2 gap-3">
          <Field id="alerts-quiet-start" label={t('preferences.quietFrom')}>
            <Input
              id="alerts-quiet-start"
              type="time"
              required
              value={quiet.start}
              onChange={(e) => setQuiet({ ...quiet, start: e.target.value })}
            />
          </Field>
          <Field id="alerts-quiet-end" label={t('preferences.quietUntil')}>
            <Input
              id="alerts-quiet-end"
              type="time"
              required
              value={quiet.end}
              onChange={(e) => setQuiet({ ...quiet, end: e.target.value })}
            />
          </Field>
        </div>
      ) : null}
      <Button type="submit" size="sm" disabled={save.isPending}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}

function LateShare({ initial }: { initial: number }) {
  const { t } = useTranslation('alerts');
  const shop = useShopSettings();
  const save = useSaveShopAlerts();
  const [percent, setPercent] = useState(String(initial));
  const minutes = shop.deliveryMinutes;
  const seconds = Math.round((minutes * 60 * Number(percent || 0)) / 100);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { lateAtPercent: Number(percent) },
      {
        onSuccess: () => void showToast('success', t('preferences.saved'), 3000),
        onError: (err) => failed(err, t('preferences.saveFailed')),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-2" aria-labelledby="alerts-late">
      <h3 id="alerts-late" className="font-semibold">
        {t('late.title')}
      </h3>
      <Field id="alerts-late-percent" label={t('late.label', { minutes })}>
        <Input
          id="alerts-late-percent"
          type="number"
          inputMode="numeric"
          min={10}
          max={100}
          step={1}
          required
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
        />
      </Field>
      <p className="text-xs text-slate-500">{t('late.hint', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })}</p>
      <Button type="submit" size="sm" disabled={save.isPending}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}

export function StaffAlertsDialog({
  open,
  onOpenChange,
  isOwner,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isOwner: boolean;
}) {
  const { t } = useTranslation('alerts');
  const preferences = usePreferences();
  const shopAlerts = useShopAlerts();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('title')} description={t('description')} closeLabel={t('close')}>
      <div className="space-y-6">
        <ThisDevice />
        <Devices />
        {preferences.data ? <Preferences initial={preferences.data} /> : null}
        {isOwner && shopAlerts.data ? <LateShare initial={shopAlerts.data.lateAtPercent} /> : null}
      </div>
    </Dialog>
  );
}
