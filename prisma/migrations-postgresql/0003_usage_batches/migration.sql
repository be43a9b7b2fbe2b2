-- Usage batches already applied (PostgreSQL only). An instance writes a batch of usage counters
-- and may lose the connection after COMMIT but before the acknowledgement; it then writes the
-- same batch again. The write claims the batch's id here in the same statement and adds the
-- counters only when the claim is new, so a batch counts once. SQLite, written in process, has
-- no lost acknowledgement and no such table. Ids older than a day are pruned by the store.
CREATE TABLE usage_batches (
  id         TEXT        NOT NULL PRIMARY KEY,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX usage_batches_applied_at_idx ON usage_batches (applied_at);
