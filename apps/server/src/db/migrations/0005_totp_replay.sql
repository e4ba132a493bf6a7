-- The last TOTP time step accepted for each user: a code is never accepted twice.
ALTER TABLE users ADD COLUMN totp_last_step bigint;
