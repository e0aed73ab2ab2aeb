// Table types for Kysely. Booleans are 0/1 integers and times ISO text, so one set of queries runs on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

type Flag = number;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed: Flag;
  created_at: string;
  updated_at: string;
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
  /** Orders per (game title, package title), kept by triggers (migration 0003); read by the order search. */
  order_title_counts: OrderTitleCountsTable;
}

export interface OrderTitleCountsTable {
  game_title: string;
  package_title: string;
  n: number;
}

// Kept so the Generated import is used if a table later gains a generated column.
export type { Generated };
