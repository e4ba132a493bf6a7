-- Transaction descriptions in the reader's language (issue 17, finding 6g). Besides the English
-- sentence (kept: searched, and shown for rows booked before this column), a transaction stores
-- what it was as a code and parameters, e.g. {"code": "deposit", "method": "Bitcoin (BTC)"}; the
-- web writes the sentence in the language on screen.
ALTER TABLE transactions ADD COLUMN description_parts jsonb;
