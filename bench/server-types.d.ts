// The server's sources that the cascade phase imports type-check with the Fastify plugins'
// declarations, which the server's own program gets from app.ts.
/// <reference types="@fastify/cookie" />
/// <reference types="@fastify/websocket" />
/// <reference types="@fastify/swagger" />
import '../apps/server/src/http/csrf';
