import type { FastifyRequest } from 'fastify';

/** The token of `authorization: bearer <token>` (the scheme in any case), else null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^bearer[ ]+([A-Za-z0-9._~+/=-]+)[ ]*$/i.exec(header);
  return match ? match[1] : null;
}
