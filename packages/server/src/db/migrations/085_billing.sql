-- Billing: the local provider's ledger (plans, payment methods, invoices, charges) and, for every
-- provider, the plan's limits. Amounts are integer cents. No full card or account number is ever
-- stored: a payment method keeps its brand or bank, its last four digits and its expiry.
create table billing_subscriptions (
  account_id uuid primary key references accounts(id) on delete cascade,
  id text not null unique,
  nickname text,
  status text not null default 'active',
  collection_method text not null default 'charge_automatically' check (collection_method in ('charge_automatically', 'send_invoice')),
  billing_cycle_anchor timestamptz not null,
  -- Where the ledger stands: the start of the period not yet invoiced.
  current_period_start timestamptz not null,
  -- The prices, in the provider's shape (product, scheme, tiers, usage type, meter).
  items jsonb not null,
  tax_rate_bps integer not null default 0 check (tax_rate_bps >= 0 and tax_rate_bps <= 10000),
  max_locations integer not null default 1 check (max_locations >= 0),
  max_services integer not null default 1 check (max_services >= 0),
  max_phone_numbers integer not null default 1 check (max_phone_numbers >= 0),
  created_at timestamptz not null default now()
);

create table billing_payment_methods (
  id text primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  type text not null check (type in ('card', 'us_bank_account')),
  brand text,
  bank_name text,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer,
  exp_year integer,
  -- What a charge to it does (the test numbers decide): succeed, or decline with this message.
  charge_decline text,
  created_at timestamptz not null default now(),
  detached_at timestamptz
);
create index billing_payment_methods_account on billing_payment_methods (account_id, created_at) where detached_at is null;

create table billing_setup_intents (
  id text primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  client_secret_hash text not null unique,
  status text not null default 'requires_payment_method',
  payment_method_id text references billing_payment_methods(id),
  created_at timestamptz not null default now()
);

create table billing_invoices (
  id text primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  subscription_id text,
  status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  period_start timestamptz not null,
  period_end timestamptz not null,
  due_date timestamptz,
  subtotal integer not null,
  tax integer not null,
  total integer not null,
  attempt_count integer not null default 0,
  next_payment_attempt timestamptz,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  -- One invoice per period: a repeated cycle run adds nothing.
  unique (account_id, period_start)
);
create index billing_invoices_account on billing_invoices (account_id, period_start desc);
create index billing_invoices_retry on billing_invoices (next_payment_attempt) where status = 'open';

create table billing_invoice_lines (
  id text primary key,
  invoice_id text not null references billing_invoices(id) on delete cascade,
  position integer not null,
  description text not null,
  quantity integer not null,
  amount integer not null,
  tax integer not null,
  unit_amount_decimal text,
  billing_scheme text not null
);
create index billing_invoice_lines_invoice on billing_invoice_lines (invoice_id, position);

-- Every attempt to collect an invoice, kept (a ledger is never rewritten).
create table billing_charges (
  id text primary key,
  account_id uuid not null references accounts(id) on delete cascade,
  invoice_id text not null references billing_invoices(id),
  payment_method_id text references billing_payment_methods(id),
  amount integer not null,
  status text not null check (status in ('succeeded', 'failed')),
  failure_message text,
  -- A retried request (same key) is one charge.
  idempotency_key text,
  created_at timestamptz not null default now()
);
create unique index billing_charges_key on billing_charges (account_id, idempotency_key) where idempotency_key is not null;
create index billing_charges_invoice on billing_charges (invoice_id);

-- The Stripe customer of an account (BILLING=stripe).
alter table accounts add column stripe_customer_id text;
