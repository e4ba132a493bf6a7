import type { FastifyReply } from 'fastify';

/**
 * Answers with JSON text that is already in the route's response shape (built by the database,
 * see transactions.repo.ts listTransactionsJson): sent as it is, not parsed and serialised again.
 * The route keeps its response schema for the API's description.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
