/**
 * The registration of the protocols ({@code BuiltInProtocols}): the one package that names every
 * protocol package and the server's, used by the API to build a server and reach a protocol's route
 * handlers (WebSocket). Nothing in the implementation depends on it. Not API.
 */
package dev.pronto.core.internal.registry;
