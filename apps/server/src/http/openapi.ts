import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES, ERROR_PARAMS, errorCodeSchema } from '@app/shared/errors';

/**
 * A multipart route (the avatar upload) has no zod body to describe; the document still says the
 * route takes a form with a file, so clients (and proof/csrf.test.ts) know what it accepts.
 */
const documentMultipartBodies: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (consumes?.includes('multipart/form-data') && !output.schema.body) {
    output.schema = {
      ...output.schema,
      body: { type: 'object', description: 'A form with a file' },
    };
  }
  return output;
};

/** The error vocabulary as OpenAPI components: every code, and each code's parameters. */
const ERROR_COMPONENTS = {
  ErrorCode: z.toJSONSchema(errorCodeSchema, { target: 'openapi-3.0' }),
  ErrorParams: {
    type: 'object',
    description: "Each code's parameters (the `params` of an error with that code)",
    properties: Object.fromEntries(
      ERROR_CODES.map((code) => [
        code,
        z.toJSONSchema(ERROR_PARAMS[code], { target: 'openapi-3.0' }),
      ]),
    ),
  },
  ApiError: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { $ref: '#/components/schemas/ErrorCode' },
          message: { type: 'string', description: 'The English text of the code' },
          params: {
            type: 'object',
            description: "The code's parameters (see ErrorParams); absent when it has none",
          },
          field: { type: 'string', description: 'The input that failed, for bad input' },
        },
      },
    },
  },
};

const ERROR_RESPONSE = {
  description: 'Refused: an error code with its parameters',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

/** Every operation answers a refusal as an ApiError, whose code is one of ErrorCode. */
const documentErrors: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(item ?? {}).map(([method, operation]: [string, unknown]) => {
        if (typeof operation !== 'object' || operation === null || !('responses' in operation)) {
          return [method, operation];
        }
        const declared = operation.responses as Record<string, unknown>;
        const responses = { '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE, ...declared };
        return [method, { ...operation, responses }];
      }),
    );
  }
  const schemas = { ...doc.components?.schemas, ...ERROR_COMPONENTS };
  return { ...doc, components: { ...doc.components, schemas }, paths } as typeof doc;
};

/** The OpenAPI document at /api/openapi.json: every route's zod schemas, and the error vocabulary. */
export async function registerOpenApi(app: FastifyInstance, brandName: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${brandName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
          // Personal API tokens (docs/api-tokens.md): read-only, a few GET operations only.
          apiToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: documentMultipartBodies,
    transformObject: documentErrors,
  });
}
