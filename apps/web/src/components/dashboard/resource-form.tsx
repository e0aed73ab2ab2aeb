// The Add/Edit dialog's form that games, packages, payment accounts and users share. A feature gives its form's
// values, how they are sent (the same to create and update, or an update of its own, e.g. only what changed), when
// they may be sent and its create and update mutations (useResourceForm), and its fields; ResourceFormDialog titles the
// dialog and starts the form afresh per item (keyed by its id), ResourceForm adds the server's error in red (each
// field's first problem when the server named fields), Cancel and Create/Update with its pending state.
// The texts are the resource's in the dashboard texts (both languages): addTitle, editTitle, createFailed, updateFailed.
import { Fragment, useState, type ChangeEvent, type ComponentType, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Dialog } from '../ui/dialog';
import { Field, Select } from './form-controls';
import { FormError } from './form-error';

/** What the dialog hands its form: the item (null when adding), how to close, and the failure text for this case. */
export type ResourceFormFrame<T> = { item: T | null; onDone: () => void; failedText: string };

type Props<T extends { id: string }> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: T | null;
  /** The resource's key in the dashboard texts, e.g. 'games'. */
  texts: string;
  form: ComponentType<{ frame: ResourceFormFrame<T> }>;
};

export function ResourceFormDialog<T extends { id: string }>({ open, onOpenChange, item, texts, form: Form }: Props<T>) {
  const { t } = useTranslation('dashboard');
  const onDone = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(item ? `${texts}.editTitle` : `${texts}.addTitle`)}
      closeLabel={t('common.close')}
    >
      {open ? (
        <Fragment key={item?.id ?? 'new'}>
          <Form frame={{ item, onDone, failedText: t(item ? `${texts}.updateFailed` : `${texts}.createFailed`) }} />
        </Fragment>
      ) : null}
    </Dialog>
  );
}

type Mutation<A> = Pick<UseMutationResult<unknown, Error, A>, 'mutate' | 'isPending' | 'error'>;
type KeysOf<V, X> = { [K in keyof V]-?: V[K] extends X ? K : never }[keyof V];
type TextControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Options<T, V, S, U> = {
  /** The form's values as typed (numbers as text), read once when the form opens. */
  initial: () => V;
  /** What the mutations are given, from the values as typed. */
  toSubmit: (values: V) => S;
  /** What update is given when it differs from what create is; without it, toSubmit's. */
  toUpdate?: (values: V, item: T) => U;
  /** Whether Create/Update is enabled. */
  canSubmit: (values: V) => boolean;
  create: Mutation<S>;
  update: Mutation<{ id: string; values: U }>;
};

export type ResourceFormState<V> = {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** value and onChange of an input, select or textarea holding the text field `key`. */
  text: <K extends KeysOf<V, string>>(key: K) => { value: V[K]; onChange: (e: ChangeEvent<TextControl>) => void };
  /** checked and onChange of a Checkbox. */
  flag: <K extends KeysOf<V, boolean>>(key: K) => { checked: V[K]; onChange: (checked: boolean) => void };
  /** file and onChange of an ImageInput. */
  image: <K extends KeysOf<V, File | null>>(key: K) => { file: V[K]; onChange: (file: File | null) => void };
  editing: boolean;
  ready: boolean;
  pending: boolean;
  error: unknown;
  failedText: string;
  submit: (e: FormEvent) => void;
  cancel: () => void;
};

/** Create and update take the same values. */
export function useResourceForm<T extends { id: string }, V, S>(
  frame: ResourceFormFrame<T>,
  options: Options<T, V, S, S> & { toUpdate?: undefined },
): ResourceFormState<V>;
/** Update takes values of its own (toUpdate). */
export function useResourceForm<T extends { id: string }, V, S, U>(
  frame: ResourceFormFrame<T>,
  options: Options<T, V, S, U> & { toUpdate: (values: V, item: T) => U },
): ResourceFormState<V>;
export function useResourceForm<T extends { id: string }, V, S, U>(
  { item, onDone, failedText }: ResourceFormFrame<T>,
  { initial, toSubmit, toUpdate, canSubmit, create, update }: Options<T, V, S, U>,
): ResourceFormState<V> {
  const [values, setValues] = useState<V>(initial);
  const mutation = item ? update : create;
  const ready = canSubmit(values);
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    // Without toUpdate the overloads make U the same as S.
    if (item)
      update.mutate({ id: item.id, values: toUpdate ? toUpdate(values, item) : (toSubmit(values) as unknown as U) }, { onSuccess: onDone });
    else create.mutate(toSubmit(values), { onSuccess: onDone });
  }

  return {
    values,
    set,
    // The select's and text's value is one of the field's own (a select offers only those), hence the casts.
    text: (key) => ({ value: values[key], onChange: (e) => set(key, e.target.value as V[typeof key]) }),
    flag: (key) => ({ checked: values[key], onChange: (checked) => set(key, checked as V[typeof key]) }),
    image: (key) => ({ file: values[key], onChange: (file) => set(key, file as V[typeof key]) }),
    editing: item !== null,
    ready,
    pending: mutation.isPending,
    error: mutation.error,
    failedText,
    submit,
    cancel: onDone,
  };
}

export function ResourceForm<V>({ form, children }: { form: ResourceFormState<V>; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <form onSubmit={form.submit} noValidate className="space-y-4">
      {children}
      <FormError error={form.error} fallback={form.failedText} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={form.cancel} disabled={form.pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!form.ready || form.pending}>
          {form.pending ? t('common.saving') : form.editing ? t('common.update') : t('common.create')}
        </Button>
      </div>
    </form>
  );
}

type LabelProps = { id: string; label: string; required?: boolean };

/** A labelled Input; `required` marks the label (the form checks, not the browser). */
export function InputField({ id, label, required, ...input }: LabelProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  return (
    <Field id={id} label={label} required={required}>
      <Input id={id} {...input} />
    </Field>
  );
}

/** A labelled Select of `options` (value and text), after an optional first option such as "choose …". */
export function SelectField({
  id,
  label,
  required,
  first,
  options,
  children,
  ...select
}: LabelProps & {
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  disabled?: boolean;
  first?: string;
  options: ReadonlyArray<{ value: string; text: string }>;
  /** Shown under the select (e.g. why its options could not be loaded). */
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} required={required}>
      <Select id={id} {...select}>
        {first !== undefined ? <option value="">{first}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </Select>
      {children}
    </Field>
  );
}
