// An image file input with a preview of the chosen file (or of the image already stored); images only. The browser's
// own button ("Choose File", "No file chosen") is in the browser's language, so the input is hidden and a button of
// ours, in the page's language, opens it (the input keeps the keyboard focus; the button shows it).
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  id: string;
  label: string;
  file: File | null;
  existingUrl?: string | null;
  onChange: (file: File | null) => void;
  required?: boolean;
};

export function ImageInput({ id, label, file, existingUrl, onChange, required }: Props) {
  const { t } = useTranslation('dashboard');
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const shown = preview ?? existingUrl ?? null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      <div className="flex items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={t('common.previewOf', { label })}
            className="h-14 w-14 shrink-0 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div aria-hidden className="h-14 w-14 shrink-0 rounded-lg border border-dashed border-slate-300 bg-slate-50" />
        )}
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <input
            id={id}
            type="file"
            accept="image/*"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              onChange(chosen && chosen.type.startsWith('image/') ? chosen : null);
            }}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            data-testid={`${id}-choose`}
            className="shrink-0 cursor-pointer rounded-md bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-indigo-100"
          >
            {shown ? t('common.changeImage') : t('common.chooseImage')}
          </label>
          <span className="min-w-0 truncate text-sm text-slate-700">{file ? file.name : existingUrl ? '' : t('common.noImage')}</span>
        </div>
      </div>
    </div>
  );
}
