// Add/Edit Game: submit only with a logo and a game profile image (chosen or already stored), a non-blank
// title, an order index other than 0 (default 1) and a server type; images only; the server's errors in red.
import { useTranslation } from 'react-i18next';
import { DEFAULT_ORDER_INDEX, SERVER_TYPES } from '@topup/contract/limits';
import type { GameDto } from '@topup/contract/games';
import { Checkbox, Field } from '../../../components/dashboard/form-controls';
import { ImageInput } from '../../../components/dashboard/image-input';
import {
  InputField,
  ResourceForm,
  ResourceFormDialog,
  SelectField,
  useResourceForm,
  type ResourceFormFrame,
} from '../../../components/dashboard/resource-form';
import { TEXTAREA_CLASS } from '../../../components/dashboard/text-area';
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
  return <ResourceFormDialog open={open} onOpenChange={onOpenChange} item={game} texts="games" form={GameForm} />;
}

/** The order index is typed as text and sent parsed. */
const toGameValues = (v: Omit<GameFormValues, 'orderIndex'> & { orderIndex: string }): GameFormValues => ({
  ...v,
  orderIndex: Number.parseInt(v.orderIndex, 10),
});

function GameForm({ frame }: { frame: ResourceFormFrame<GameDto> }) {
  const { t } = useTranslation('dashboard');
  const game = frame.item;
  const form = useResourceForm(frame, {
    initial: () => ({
      title: game?.title ?? '',
      description: game?.description ?? '',
      orderIndex: String(game?.orderIndex ?? DEFAULT_ORDER_INDEX),
      serverType: game?.serverType ?? '',
      isDisable: game?.isDisable ?? false,
      logo: null as File | null,
      bannerImage: null as File | null,
      gameProfileImage: null as File | null,
    }),
    toSubmit: toGameValues,
    canSubmit: (v) => canSubmitGame(toGameValues(v), game),
    create: useCreateGame(),
    update: useUpdateGame(),
  });

  return (
    <ResourceForm form={form}>
      <InputField id="game-title" label={t('games.fields.title')} required maxLength={100} {...form.text('title')} />
      <Field id="game-description" label={t('games.fields.description')}>
        <textarea id="game-description" rows={3} className={TEXTAREA_CLASS} {...form.text('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="game-order"
          label={t('games.fields.orderIndex')}
          required
          type="number"
          inputMode="numeric"
          step={1}
          {...form.text('orderIndex')}
        />
        <SelectField
          id="game-server-type"
          label={t('games.fields.serverType')}
          required
          first={t('games.chooseServerType')}
          options={SERVER_TYPES.map((s) => ({ value: s, text: t(`serverTypes.${s}`) }))}
          {...form.text('serverType')}
        />
      </div>
      <Checkbox id="game-disabled" label={t('games.fields.isDisable')} {...form.flag('isDisable')} />
      <ImageInput id="game-logo" label={t('games.fields.logo')} existingUrl={game?.logo} required {...form.image('logo')} />
      <ImageInput id="game-banner" label={t('games.fields.bannerImage')} existingUrl={game?.bannerImage} {...form.image('bannerImage')} />
      <ImageInput
        id="game-profile"
        label={t('games.fields.gameProfileImage')}
        existingUrl={game?.gameProfileImage}
        required
        {...form.image('gameProfileImage')}
      />
    </ResourceForm>
  );
}
