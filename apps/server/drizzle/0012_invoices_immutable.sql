-- A paid or void invoice is immutable (STYLE 21): the database refuses a change to what was billed, whatever code
-- tries it. What still moves on a final invoice is what the product records after it: refunds of its payments
-- (amount_paid, amount_refunded; the payments table is the ledger), its stored document once (pdf_key and
-- pdf_sha256 while still empty), the staff flag for a payment that did not fit (needs_attention, attention_note)
-- and updated_at. Nothing leaves paid or void.
CREATE FUNCTION invoices_keep_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status IN ('paid', 'void') THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'invoice % is %: it cannot be deleted', OLD.invoice_no, OLD.status;
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status
      OR NEW.invoice_no IS DISTINCT FROM OLD.invoice_no
      OR NEW.project_id IS DISTINCT FROM OLD.project_id
      OR NEW.client_id IS DISTINCT FROM OLD.client_id
      OR NEW.kind IS DISTINCT FROM OLD.kind
      OR NEW.currency IS DISTINCT FROM OLD.currency
      OR NEW.lines IS DISTINCT FROM OLD.lines
      OR NEW.discount IS DISTINCT FROM OLD.discount
      OR NEW.subtotal IS DISTINCT FROM OLD.subtotal
      OR NEW.tax_total IS DISTINCT FROM OLD.tax_total
      OR NEW.total IS DISTINCT FROM OLD.total
      OR NEW.issue_date IS DISTINCT FROM OLD.issue_date
      OR NEW.due_date IS DISTINCT FROM OLD.due_date
      OR NEW.notes IS DISTINCT FROM OLD.notes
      OR NEW.sent_at IS DISTINCT FROM OLD.sent_at
      OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
      OR NEW.voided_at IS DISTINCT FROM OLD.voided_at
      OR NEW.void_reason IS DISTINCT FROM OLD.void_reason
      OR NEW.created_by IS DISTINCT FROM OLD.created_by
      OR NEW.created_at IS DISTINCT FROM OLD.created_at
    THEN
      RAISE EXCEPTION 'invoice % is %: its contents cannot change', OLD.invoice_no, OLD.status;
    END IF;
    IF OLD.pdf_key IS NOT NULL AND (NEW.pdf_key IS DISTINCT FROM OLD.pdf_key OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256) THEN
      RAISE EXCEPTION 'the stored document of invoice % cannot change', OLD.invoice_no;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_keep_final BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_keep_final();
