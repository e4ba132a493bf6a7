-- Demo payment methods (issue 17, finding 3). A fresh install seeds placeholder payment details
-- (a "bc1qdemo...replaceme" address, "Demo Bank (replace me)") so the deposit pages work; an
-- investor must be told they are not real. The flag is set by the seed and cleared when an admin
-- enters real details.
ALTER TABLE payment_methods ADD COLUMN is_demo boolean NOT NULL DEFAULT false;

-- Installs seeded before this column: their untouched demo methods are still the placeholders.
UPDATE payment_methods SET is_demo = true
WHERE address IN ('bc1qdemo0000000000000000000000000000replaceme',
                  'TDEMOaddressReplaceMe0000000000000')
   OR (bank_name = 'Demo Bank (replace me)' AND account_number = 'DEMO-0000-0000');
