// Add/Edit Game: submit only with a logo and a game profile image (chosen or already stored), a non-blank
// title, an order index other than 0 (default 1) and a server type; images only; the server's errors in red.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ORDER_INDEX, SERVER_TYPES } from '@topup/contract/limits';
import type { GameDto } from '@topup/contract/games';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Checkbox, Field, Select } from '../../../components/dashboard/form-controls';
import { EditDialog } from '../../../components/dashboard/edit-dialog';
import { FormError } from '../../../components/dashboard/form-error';
import { ImageInput } from '../../../components/dashboard/image-input';
import { useCreateGame } from '../api/create-game';
import { useUpdateGame } from '../api/update-game';
import type { GameFormValues } from '../api/game-form-data';

export function canSubmitGame(v: GameFormValues, existing?: Pick<GameDto, 'logo' | 'gameProfileImage'> | null): boolean {
  return (
    Boolean(v.logo ?? existing?.logo) &&
    Boolean(v.gameProfileImage ?? existing?.gameProfileImage) &&
    v.title.trim() !== '' &&
    Number.isInteger(v.orderIndex) &&
    v.orderIndex !== 0 &&
    v.serverType !== ''
  );
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; game: GameDto | null };

export function GameFormDialog({ open, onOpenChange, game }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <EditDialog open={open} onOpenChange={onOpenChange} item={game} addTitle={t('games.addTitle')} editTitle={t('games.editTitle')}>
      {(onDone) => <GameForm game={game} onDone={onDone} />}
    </EditDialog>
  );
}

function GameForm({ game, onDone }: { game: GameDto | null; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const create = useCreateGame();
  const update = useUpdateGame();
  const mutation = game ? update : create;
  const [title, setTitle] = useState(game?.title ?? '');
  const [description, setDescription] = useState(game?.description ?? '');
  const [orderIndexText, setOrderIndexText] = useState(String(game?.orderIndex ?? DEFAULT_ORDER_INDEX));
  const [serverType, setServerType] = useState<string>(game?.serverType ?? '');
  const [isDisable, setIsDisable] = useState(game?.isDisable ?? false);
  const [logo, setLogo] = useState<File | null>(null);
  const [bannerImage, setBannerImage] = useState<File | null>(null);
  const [gameProfileImage, setGameProfileImage] = useState<File | null>(null);

  const values: GameFormValues = {
    title,
    description,
    orderIndex: Number.parseInt(orderIndexText, 10),
    serverType,
    isDisable,
    logo,
    bannerImage,
    gameProfileImage,
  };
  const ready = canSubmitGame(values, game);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || mutation.isPending) return;
    if (game) update.mutate({ id: game.id, values }, { onSuccess: onDone });
    else create.mutate(values, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="game-title" label={t('games.fields.title')} required>
        <Input id="game-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
      </Field>
      <Field id="game-description" label={t('games.fields.description')}>
        <textarea
          id="game-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="game-order" label={t('games.fields.orderIndex')} required>
          <Input
            id="game-order"
            type="number"
            inputMode="numeric"
            step={1}
            value={orderIndexText}
            onChange={(e) => setOrderIndexText(e.target.value)}
          />
        </Field>
        <Field id="game-server-type" label={t('games.fields.serverType')} required>
          <Select id="game-server-type" value={serverType} onChange={(e) => setServerType(e.target.value)}>
            <option value="">{t('games.chooseServerType')}</option>
            {SERVER_TYPES.map((s) => (
              <option key={s} value={s}>
                {t(`serverTypes.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Checkbox id="game-disabled" label={t('games.fields.isDisable')} checked={isDisable} onChange={setIsDisable} />
      <ImageInput id="game-logo" label={t('games.fields.logo')} file={logo} existingUrl={game?.logo} onChange={setLogo} required />
      <ImageInput
        id="game-banner"
        label={t('games.fields.bannerImage')}
        file={bannerImage}
        existingUrl={game?.bannerImage}
        onChange={setBannerImage}
      />
      <ImageInput
        id="game-profile"
        label={t('games.fields.gameProfileImage')}
        file={gameProfileImage}
        existingUrl={game?.gameProfileImage}
        onChange={setGameProfileImage}
        required
      />
      <FormError error={mutation.error} fallback={game ? t('games.updateFailed') : t('games.createFailed')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!ready || mutation.isPending}>
          {mutation.isPending ? t('common.saving') : game ? t('common.update') : t('common.create')}
        </Button>
      </div>
    </form>
  );
}
