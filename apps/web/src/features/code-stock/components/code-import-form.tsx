// Adds codes in bulk: pasted (one a line) or a CSV file (code, optional PIN or serial, optional expiry YYYY-MM-DD).
// A file is read in the browser and sent as text, the same as a paste; the answer says how many were added and which
// lines were left out, and why. The pasted codes leave the field once sent.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LIMITS, type CodeImportResultDto } from '@topup/contract/code-stock';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/dashboard/form-controls';
import { FormError } from '../../../components/dashboard/form-error';
import { useImportCodes } from '../api/import-codes';
import { TEXTAREA_CLASS } from '../../../components/dashboard/text-area';

/** Lines that hold something: what the owner is about to add (before the server's checks). */
export function countLines(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

export function CodeImportForm({ packageId }: { packageId: string }) {
  const { t } = useTranslation('delivery');
  const importCodes = useImportCodes(packageId);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const [result, setResult] = useState<CodeImportResultDto | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lines = countLines(text);

  async function readFile(file: File | undefined) {
    setResult(null);
    if (!file) return;
    if (file.size > CODE_LIMITS.importChars) {
      setTooBig(true);
      return;
    }
    setTooBig(false);
    setFileName(file.name);
    setText(await file.text());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (lines === 0 || importCodes.isPending) return;
    importCodes.mutate(text, {
      onSuccess: (r) => {
        setResult(r);
        setText('');
        setFileName(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="code-import">
      <h2 className="text-lg font-semibold">{t('import.title')}</h2>
      <p className="text-sm text-slate-600">{t('import.format')}</p>
      <Field id="codes-text" label={t('import.paste')}>
        <textarea
          id="codes-text"
          rows={6}
          spellCheck={false}
          autoComplete="off"
          value={text}
          maxLength={CODE_LIMITS.importChars}
          placeholder={t('import.placeholder')}
          onChange={(e) => {
            setResult(null);
            setFileName(null);
            setText(e.target.value);
          }}
          className={`${TEXTAREA_CLASS} font-mono text-sm`}
        />
      </Field>
      <div>
        {/* The native file button would speak the browser's language: ours is the label, the input stays hidden. */}
        <input
          id="codes-file"
          ref={fileInput}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(e) => void readFile(e.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor="codes-file"
          className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-50"
        >
          {t('import.file')}
        </label>
        {fileName ? <p className="mt-1 text-xs text-slate-600">{t('import.fileRead', { name: fileName })}</p> : null}
        {tooBig ? (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {t('import.fileTooBig')}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('import.lines', { count: lines })}
      </p>
      <FormError error={importCodes.error} fallback={t('import.failed')} />
      {result ? <ImportResult result={result} /> : null}
      <Button type="submit" disabled={lines === 0 || importCodes.isPending}>
        {importCodes.isPending ? t('import.adding') : t('import.add', { count: lines })}
      </Button>
    </form>
  );
}

function ImportResult({ result }: { result: CodeImportResultDto }) {
  const { t } = useTranslation('delivery');
  return (
    <div role="status" className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="import-result">
      <p className="font-medium">{t('import.added', { count: result.added })}</p>
      {result.skipped.length ? (
        <>
          <p className="text-amber-900">{t('import.skipped', { count: result.skipped.length })}</p>
          <ul className="max-h-40 list-inside list-disc overflow-y-auto text-amber-900">
            {result.skipped.map((s) => (
              <li key={`${s.line}-${s.problem}`}>
                {t('import.skippedLine', { line: s.line, problem: t(`import.problems.${s.problem}`) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
