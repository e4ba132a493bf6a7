-- The admin printed at first start with a generated one-time password must choose a password of
-- their own before anything else (issue 39): while this is set the server answers every API
-- operation but the few needed to change the password, read who is signed in and sign out with
-- 403 PASSWORD_CHANGE_REQUIRED (modules/auth/password-change.ts). Changing the password clears it.
ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
