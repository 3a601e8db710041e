-- A listing needle with a space can be in no connector name (they have none) but only in an upstream name
-- holding one: its name group reads this partial index, empty in practice, rather than the trigram lookup in
-- every name (src/db/postgres/pg-server-list.ts, issue 29). By hand: the migrations pending run in one
-- transaction, and an earlier one's UPDATE of connectors (0016) leaves its deferred change-counter events
-- (0012) queued, which CREATE INDEX refuses; they are run first, as the commit would run them.
SET CONSTRAINTS "change_counter_bump" IMMEDIATE;--> statement-breakpoint
CREATE INDEX "connectors_spaced_upstream_idx" ON "connectors" USING btree ("name") WHERE "connectors"."upstream_name" LIKE '% %';--> statement-breakpoint
SET CONSTRAINTS "change_counter_bump" DEFERRED;
