// The buyer's account details: in-game user ID, the server (dropdown for SERVER, free-text Zone ID for ZONEID,
// nothing for NONE) and mobile number; the help icon shows the game's picture of where to find the ID.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleHelp } from 'lucide-react';
import { SERVER_OPTIONS, TEXT_LIMITS, type ServerType } from '@topup/contract/limits';

export type AccountFieldName = 'inGameUserId' | 'serverInfo' | 'mobileNumber';

type Props = {
  serverType: ServerType;
  gameTitle: string;
  profileImage: string | null;
  values: Record<AccountFieldName, string>;
  errors: Partial<Record<AccountFieldName, string>>;
  onChange: (name: AccountFieldName, value: string) => void;
  onBlur?: (name: AccountFieldName) => void;
};

const inputClass =
  'h-11 w-full rounded-lg border bg-white px-3 text-base placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

export function AccountFields({ serverType, gameTitle, profileImage, values, errors, onChange, onBlur }: Props) {
  const { t } = useTranslation('storefront');
  const [showHelp, setShowHelp] = useState(false);
  const id = useId();
  const field = (name: AccountFieldName) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onBlur: () => onBlur?.(name),
    className: `${inputClass} ${errors[name] ? 'border-red-500' : 'border-slate-300'}`,
  });
  const error = (name: AccountFieldName) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-600">
        {errors[name]}
      </p>
    ) : null;

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 flex w-full items-center justify-between text-lg font-semibold">
        {t('game.account')}
        {profileImage ? (
          <button
            type="button"
            onClick={() => setShowHelp((v) => !v)}
            aria-expanded={showHelp}
            aria-controls={`${id}-help`}
            className="flex h-10 w-10 items-center justify-center rounded-full text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            title={t('game.showHelp')}
          >
            <CircleHelp className="h-6 w-6" aria-hidden />
            <span className="sr-only">{t('game.showHelp')}</span>
          </button>
        ) : null}
      </legend>
      {profileImage && showHelp ? (
        <div id={`${id}-help`}>
          <img
            src={profileImage}
            alt={t('game.profileImageAlt', { title: gameTitle })}
            width={800}
            height={500}
            className="aspect-[8/5] w-full rounded-lg object-contain ring-1 ring-slate-200"
          />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-inGameUserId`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('game.userId')}
        </label>
        <input
          {...field('inGameUserId')}
          maxLength={TEXT_LIMITS.inGameUserId}
          autoComplete="off"
          placeholder={t('game.userIdPlaceholder')}
          onChange={(e) => onChange('inGameUserId', e.target.value)}
        />
        {error('inGameUserId')}
      </div>
      {serverType === 'SERVER' ? (
        <div>
          <label htmlFor={`${id}-serverInfo`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('game.server')}
          </label>
          <select {...field('serverInfo')} onChange={(e) => onChange('serverInfo', e.target.value)}>
            <option value="">{t('game.selectServer')}</option>
            {SERVER_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {error('serverInfo')}
        </div>
      ) : null}
      {serverType === 'ZONEID' ? (
        <div>
          <label htmlFor={`${id}-serverInfo`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('game.zoneId')}
          </label>
          <input
            {...field('serverInfo')}
            maxLength={TEXT_LIMITS.serverInfo}
            autoComplete="off"
            placeholder={t('game.zoneIdPlaceholder')}
            onChange={(e) => onChange('serverInfo', e.target.value)}
          />
          {error('serverInfo')}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-mobileNumber`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('game.mobileNumber')}
        </label>
        <input
          {...field('mobileNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={TEXT_LIMITS.mobileNumber + 8}
          placeholder={t('game.mobileNumberPlaceholder')}
          onChange={(e) => onChange('mobileNumber', e.target.value)}
        />
        {error('mobileNumber')}
      </div>
    </fieldset>
  );
}
