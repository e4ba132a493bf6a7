/** Never log a secret: cookies, CSRF tokens and any password field are redacted. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.secret',
  '*.otp',
];
