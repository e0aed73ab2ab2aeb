// Table types for Kysely. Booleans are 0/1 integers and times ISO text, so one set of queries runs on SQLite and PostgreSQL.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Flag = number;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed: Flag;
  created_at: string;
  updated_at: string;
  /** mm or en for live notices and mails; null until chosen (migration 0004). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'owner' or 'staff' (migration 0008). */
  role: Generated<string>;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted: a code of this step or earlier is refused (no replay). */
  totp_last_step: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Absolute end of the session: refreshing never extends past it. */
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  used_at: string | null;
  /** The pair this token was exchanged for, AES-GCM under a key derived from the token itself (migration 0005). */
  successor_cipher: string | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface GamesTable {
  id: string;
  title: string;
  description: string;
  order_index: number;
  server_type: string;
  is_disable: Flag;
  logo: string | null;
  banner_image: string | null;
  game_profile_image: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConfigSettingsTable {
  id: string;
  payment_name: string;
  phone: string;
  order_index: number;
  logo: string | null;
  created_at: string;
  /** Shown to buyers only while 1 (migration 0008). */
  is_active: Flag;
  /** The account holder's name; null when not given (migration 0015). */
  holder_name: string | null;
  /** NORMAL or PHONEBILL: which payment method's buyers see it (migration 0015). */
  payment_method: string;
}

export interface TokenPackagesTable {
  id: string;
  game_id: string;
  token_title: string;
  unit: number;
  price: number;
  currency: string;
  payment_method: string;
  can_add_quantity: Flag;
  package_image: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: string;
  in_game_user_id: string;
  server_info: string;
  mobile_number: string;
  game_id: string | null;
  game_title: string;
  package_id: string | null;
  package_title: string;
  package_unit: number;
  package_price: number;
  package_currency: string;
  package_image: string | null;
  payment_method: string;
  quantity: number;
  sub_total: number;
  transaction_number: string;
  screenshot: string;
  status: string;
  operator_id: string | null;
  operator_email: string | null;
  is_read: Flag;
  created_at: string;
  updated_at: string;
  /** The client's key for this order attempt (see CreateOrderForm.idempotencyKey). */
  idempotency_key: string | null;
  /**
   * Short code for people (migration 0009). The orders service and the migration always write one; optional on
   * insert so rows that tests and benchmarks write straight to the table still type-check (those have none).
   */
  code: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_note: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The screenshot check's verdict (OrderVerdict); null for orders placed before checking existed (migration 0007).
   * Optional on insert only so older inserts compile: the column has a default.
   */
  verdict: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when another order reuses this one's transaction number or screenshot (see order_duplicates). */
  is_duplicate: ColumnType<Flag, Flag | undefined, Flag>;
  /** 'received', 'amount_differs' or null (not yet received): what the shop's wallet said (migration 0020). */
  payment_state: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An order as read, written and changed (columns added later are optional on insert). */
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type OrderChanges = Updateable<OrdersTable>;

/** Private links to one order's status page: SHA-256 of the token, never the token (migration 0009). */
export interface OrderTrackingTokensTable {
  token_hash: string;
  order_id: string;
  created_at: string;
}

export interface OrderChecksTable {
  order_id: string;
  state: 'queued' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  cleaned: Flag;
  /** The screenshot's fingerprint (modules/verification/image-hash.ts), 1 KB; null until checked. */
  image_hash: Buffer | null;
  /**
   * Given out in commit order, under the reuse search's lock, whenever image_hash or receipt_txn_id is stored: the
   * search compares the month's fingerprints before taking the lock, and inside it only those numbered after what it
   * saw (migration 0012, docs/decisions/0038).
   */
  hash_seq: number | null;
  receipt_txn_id: string | null;
  /** JSON: the FieldCheck list of the last finished check. */
  fields: string | null;
  error: string | null;
  created_at: string;
  checked_at: string | null;
}

export interface OrderDuplicatesTable {
  order_id: string;
  other_order_id: string;
  reason: 'transaction' | 'image';
  created_at: string;
}

/** One entry of an order's timeline (migration 0010): appended in the transaction of the change, never changed. */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  /** OrderEventType of @topup/contract/order-timeline. */
  type: string;
  actor_id: string | null;
  actor_email: string | null;
  at: string;
  /** The status a STATUS_CHANGED event left the order in; null for other events. */
  to_status: string | null;
  /** JSON: the event's `data` as OrderEventDto has it. */
  data: string;
}

export interface NotificationsTable {
  id: string;
  order_id: string;
  message: string;
  is_read: Flag;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  games: GamesTable;
  config_settings: ConfigSettingsTable;
  token_packages: TokenPackagesTable;
  orders: OrdersTable;
  notifications: NotificationsTable;
  order_checks: OrderChecksTable;
  order_duplicates: OrderDuplicatesTable;
  /** Orders per (game title, package title), kept by triggers (migration 0003); read by the order search. */
  order_title_counts: OrderTitleCountsTable;
  order_filter_counts: OrderFilterCountsTable;
  order_tracking_tokens: OrderTrackingTokensTable;
  order_events: OrderEventsTable;
  shop_settings: ShopSettingsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  invitations: InvitationsTable;
  storage_probes: StorageProbesTable;
  push_subscriptions: PushSubscriptionsTable;
  staff_alert_preferences: StaffAlertPreferencesTable;
  staff_alert_settings: StaffAlertSettingsTable;
  staff_alert_deliveries: StaffAlertDeliveriesTable;
  payment_phones: PaymentPhonesTable;
  payment_notices: PaymentNoticesTable;
  package_delivery: PackageDeliveryTable;
  stock_codes: StockCodesTable;
  code_reveals: CodeRevealsTable;
  auto_delivery_settings: AutoDeliverySettingsTable;
  auto_completions: AutoCompletionsTable;
}

/** How a package is delivered (migration 0019, modules/code-stock). */
export interface PackageDeliveryTable {
  package_id: string;
  is_code_product: Flag;
  delivery_mode: string;
  redeem_mm: string;
  redeem_en: string;
  low_stock_threshold: number;
  low_alerted_at: string | null;
  updated_at: string;
}

/** One code of a code package, encrypted (migration 0019). */
export interface StockCodesTable {
  id: string;
  package_id: string;
  code_cipher: string;
  pin_cipher: string | null;
  key_id: string;
  code_hash: string;
  tail: string;
  expires_on: string | null;
  state: string;
  order_id: string | null;
  added_at: string;
  added_by: string | null;
  reserved_at: string | null;
  delivered_at: string | null;
}

export interface CodeRevealsTable {
  id: string;
  code_id: string;
  package_id: string;
  user_id: string;
  user_email: string;
  at: string;
}

/** One row (id 'shop'): the guardrails of automatic completion (migration 0019, modules/auto-delivery). */
export interface AutoDeliverySettingsTable {
  id: string;
  paused: Flag;
  max_order_amount: number | null;
  max_per_phone_per_day: number | null;
  max_per_day: number | null;
  updated_at: string | null;
  updated_by: string | null;
}

export interface AutoCompletionsTable {
  order_id: string;
  day: string;
  phone: string;
  notice_id: string;
  at: string;
}

/** A running instance and the probe it wrote to the upload storage (migration 0014, storage/storage-probe.ts). */
export interface StorageProbesTable {
  instance_id: string;
  token: string;
  host: string;
  /** Where that instance stores uploads: a folder or a bucket, for the message when they differ. */
  storage: string;
  started_at: string;
  /** Refreshed every minute while the instance runs: a row not seen for a while is an instance that is gone. */
  seen_at: string;
}

/** One row (id 'shop'): the shop's identity, edited by owners (migration 0008). */
export interface ShopSettingsTable {
  id: string;
  shop_name: string;
  logo: string | null;
  contact_email: string;
  phone: string;
  telegram_url: string;
  viber_url: string;
  facebook_url: string;
  copyright_holder: string;
  time_zone: string;
  delivery_minutes: number;
  require_two_factor: Flag;
  updated_at: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitationsTable {
  id: string;
  email: string;
  role: string;
  language: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Orders per combination of titles and filter columns (migration 0011); a missing game, verdict or operator is ''. */
export interface OrderFilterCountsTable {
  game_title: string;
  package_title: string;
  status: string;
  game_id: string;
  payment_method: string;
  verdict: string;
  is_duplicate: number;
  is_read: number;
  operator_id: string;
  n: number;
}

export interface OrderTitleCountsTable {
  game_title: string;
  package_title: string;
  n: number;
}

/** A staff member's device that receives alerts: the browser's PushSubscription (migration 0016). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_sent_at: string | null;
}

/** Which alerts a person wants and when not; no row: every kind, no quiet hours. */
export interface StaffAlertPreferencesTable {
  user_id: string;
  new_order: Flag;
  late_order: Flag;
  check_problem: Flag;
  /** Money that arrived with no order (migration 0018). */
  unmatched_payment: Flag;
  quiet_start: string | null;
  quiet_end: string | null;
  updated_at: string;
}

/** One row (id 'shop'): owners' settings of staff alerts; no row: the defaults. */
export interface StaffAlertSettingsTable {
  id: string;
  late_at_percent: number;
  updated_at: string;
}

/** One alert to one device; unique per (order, kind, device): the claim that makes instances send it once. */
export interface StaffAlertDeliveriesTable {
  id: string;
  order_id: string;
  kind: string;
  subscription_id: string;
  user_id: string;
  state: 'queued' | 'sent' | 'dropped' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A shop phone that forwards its wallets' messages (migration 0017). */
export interface PaymentPhonesTable {
  id: string;
  name: string;
  /** JSON array of config_settings ids. */
  payment_account_ids: string;
  url_token_hash: string;
  key_cipher: string;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  last_notice_at: string | null;
}

/** One message a payment phone forwarded, as received, then what reading and matching made of it (migration 0017). */
export interface PaymentNoticesTable {
  id: string;
  phone_id: string;
  source: string;
  event_id: string;
  device_id: string | null;
  sender: string | null;
  sim_number: number | null;
  text: string;
  raw: string;
  received_at: string | null;
  taken_at: string;
  state: string;
  wallet: string | null;
  kind: string | null;
  amount: number | null;
  txn_id: string | null;
  payer: string | null;
  paid_at: string | null;
  order_id: string | null;
  matched_at: string | null;
  matched_by: string | null;
  candidates: string | null;
}
