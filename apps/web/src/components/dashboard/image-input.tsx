// An image file input with a preview of the chosen file (or of the image already stored); images only.
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
          <img src={shown} alt={t('common.previewOf', { label })} className="h-14 w-14 shrink-0 rounded-lg border border-slate-200 object-cover" />
        ) : (
          <div aria-hidden className="h-14 w-14 shrink-0 rounded-lg border border-dashed border-slate-300 bg-slate-50" />
        )}
        <input
          id={id}
          type="file"
          accept="image/*"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            onChange(chosen && chosen.type.startsWith('image/') ? chosen : null);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-800 hover:file:bg-indigo-100"
        />
      </div>
    </div>
  );
}
