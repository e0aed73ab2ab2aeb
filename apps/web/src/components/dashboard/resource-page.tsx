// The pattern every dashboard resource page (games, packages, payment accounts, users) follows: a heading with Add, the
// paged table, the Add/Edit dialog and, where the resource can be deleted, the 'Delete …?' confirmation.
// useResourcePage holds the page's state (page number, the item being edited or deleted); ResourcePage lays it out.
import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import { ConfirmDialog } from './confirm-dialog';
import { errorText } from './form-error';
import { PageHeader } from './page-header';
import { ResourceTable, type ResourceColumn } from './resource-table';
import { RowActions } from './row-actions';

/** A delete mutation that takes the item's id. */
type Remove = Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'reset' | 'isPending' | 'error'>;

export type ResourcePageState<T extends { id: string }> = {
  currentPage: number;
  setCurrentPage: (page: number) => void;
  /** Opens the dialog: adding with null, editing with the item. */
  openForm: (item: T | null) => void;
  /** The Edit (and Delete, when the page has a delete mutation) buttons' column. */
  actionsColumn: (header: string) => ResourceColumn<T>;
  form: { open: boolean; onOpenChange: (open: boolean) => void; editing: T | null };
  deleting: T | null;
  setDeleting: (item: T | null) => void;
  remove?: Remove;
};

export function useResourcePage<T extends { id: string }>({ remove }: { remove?: Remove } = {}): ResourcePageState<T> {
  const [currentPage, setCurrentPage] = useState(1);
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);

  function openForm(item: T | null) {
    setEditing(item);
    setFormOpen(true);
  }

  const actionsColumn = (header: string): ResourceColumn<T> => ({
    key: 'actions',
    header,
    cell: (row) => (
      <RowActions
        onEdit={() => openForm(row)}
        onDelete={
          remove
            ? () => {
                remove.reset();
                setDeleting(row);
              }
            : undefined
        }
      />
    ),
  });

  return {
    currentPage,
    setCurrentPage,
    openForm,
    actionsColumn,
    form: { open: formOpen, onOpenChange: setFormOpen, editing },
    deleting,
    setDeleting,
    remove,
  };
}

export type ResourcePageTexts = {
  title: string;
  add: string;
  empty: string;
  loadFailed: string;
  /** The confirmation's texts; needed when the page has a delete mutation. */
  delete?: { title: string; body: string; failed: string };
};

type Props<T extends { id: string }> = {
  page: ResourcePageState<T>;
  query: UseQueryResult<Page<T>>;
  texts: ResourcePageTexts;
  columns: ResourceColumn<T>[];
  /** Whether Add shows right now (payment accounts stop at a maximum). */
  canAdd?: boolean;
  /** The Add/Edit dialog, given the page's form state. */
  renderForm: (form: ResourcePageState<T>['form']) => ReactNode;
  /** Shown between the heading and the table (a failed row action's message). */
  notice?: ReactNode;
};

export function ResourcePage<T extends { id: string }>({ page, query, texts, columns, canAdd = true, renderForm, notice }: Props<T>) {
  const { remove, deleting, setDeleting } = page;
  return (
    <section className="space-y-4">
      <PageHeader title={texts.title} add={canAdd ? { label: texts.add, onClick: () => page.openForm(null) } : undefined} />
      {notice}
      <ResourceTable
        query={query}
        label={texts.title}
        columns={columns}
        emptyText={texts.empty}
        loadFailedText={texts.loadFailed}
        onPage={page.setCurrentPage}
      />

      {renderForm(page.form)}
      {remove && texts.delete ? (
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={texts.delete.title}
          description={texts.delete.body}
          pending={remove.isPending}
          error={remove.error ? errorText(remove.error, texts.delete.failed) : null}
          onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      ) : null}
    </section>
  );
}
