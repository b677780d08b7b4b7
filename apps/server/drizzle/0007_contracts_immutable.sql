-- A sent contract's document and a signature are immutable (STYLE 21): the database refuses the change itself,
-- whatever code tries it.
CREATE FUNCTION contracts_keep_document() RETURNS trigger AS $$
BEGIN
  IF OLD.document_sha256 IS NOT NULL AND (
    NEW.document_sha256 IS DISTINCT FROM OLD.document_sha256
    OR NEW.body_html IS DISTINCT FROM OLD.body_html
    OR NEW.body_markdown IS DISTINCT FROM OLD.body_markdown
    OR NEW.title IS DISTINCT FROM OLD.title
  ) THEN
    RAISE EXCEPTION 'the document of sent contract % cannot change', OLD.id;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contracts_keep_document BEFORE UPDATE ON contracts FOR EACH ROW EXECUTE FUNCTION contracts_keep_document();
--> statement-breakpoint
CREATE FUNCTION contract_signatures_unchanged() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'contract signature % cannot change', OLD.id;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER contract_signatures_unchanged BEFORE UPDATE ON contract_signatures FOR EACH ROW EXECUTE FUNCTION contract_signatures_unchanged();
