import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * The Fastify instance a routes plugin is given, with its TypeBox type provider: what a function
 * that registers part of a plugin's routes takes, so the routes' schemas type their handlers.
 */
export type RoutesApp = Parameters<FastifyPluginAsyncTypebox>[0];
