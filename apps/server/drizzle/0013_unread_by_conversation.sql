-- Unread messages indexed by receiver and conversation: the inbox counts the unread messages of each of the 200
-- conversations it lists with one probe of this index apiece; indexed by receiver alone, each count read every unread
-- message of the receiver (the super admin's are all of them).
DROP INDEX "messages_unread_idx";--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","conversation_id") WHERE is_read = 0;
