// The payment screenshot: drop or browse (images only), compressed in the browser, previewed with its upload size.
import { useEffect, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { ImageUp } from 'lucide-react';
import { compressImage, formatBytes } from '../lib/compress-image';

export type Screenshot = { file: File; previewUrl: string };

type Props = {
  value: Screenshot | null;
  onChange: (value: Screenshot | null) => void;
  onBusyChange: (busy: boolean) => void;
  error: string | null;
  disabled: boolean;
};

export function ScreenshotPicker({ value, onChange, onBusyChange, error, disabled }: Props) {
  const { t } = useTranslation('storefront');
  const [busy, setBusy] = useState(false);
  const [notImage, setNotImage] = useState(false);

  // The preview URL lives as long as the screenshot it shows.
  useEffect(() => () => (value ? URL.revokeObjectURL(value.previewUrl) : undefined), [value]);

  const pick = async (file: File) => {
    setNotImage(false);
    setBusy(true);
    onBusyChange(true);
    const { file: ready } = await compressImage(file);
    setBusy(false);
    onBusyChange(false);
    onChange({ file: ready, previewUrl: URL.createObjectURL(ready) });
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    noClick: Boolean(value),
    disabled: disabled || busy,
    onDropAccepted: (files) => {
      if (files[0]) void pick(files[0]);
    },
    onDropRejected: () => setNotImage(true),
  });

  const message = error ?? (notImage ? t('confirm.notImage') : null);

  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700" id="screenshot-label">
        {t('confirm.screenshot')}
      </p>
      <div
        {...getRootProps({
          className: `flex min-h-32 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-3 text-center text-sm ${
            isDragActive ? 'border-indigo-500 bg-indigo-50' : message ? 'border-red-400' : 'border-slate-300 bg-slate-50'
          } ${value ? '' : 'cursor-pointer'}`,
          'aria-labelledby': 'screenshot-label',
        })}
        data-testid="screenshot-drop"
      >
        <input {...getInputProps({ 'aria-label': t('confirm.screenshot') })} data-testid="screenshot-input" />
        {busy ? (
          <p aria-live="polite">{t('confirm.preparing')}</p>
        ) : value ? (
          <>
            <img src={value.previewUrl} alt={t('confirm.preview')} className="max-h-48 w-auto rounded-lg object-contain" />
            <p className="text-xs text-slate-600">{t('confirm.size', { size: formatBytes(value.file.size) })}</p>
            <button
              type="button"
              onClick={open}
              disabled={disabled}
              className="h-9 rounded-lg border border-slate-300 bg-white px-3 font-medium hover:bg-slate-50 disabled:text-slate-400"
            >
              {t('confirm.change')}
            </button>
          </>
        ) : (
          <>
            <ImageUp className="h-8 w-8 text-slate-400" aria-hidden />
            <p className="text-slate-600">{t('confirm.dropHere')}</p>
            <span className="rounded-lg bg-white px-3 py-1.5 font-medium text-indigo-700 ring-1 ring-slate-300">{t('confirm.browse')}</span>
          </>
        )}
      </div>
      {message ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
