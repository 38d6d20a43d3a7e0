/**
 * Test support shipped with {@code pronto-core}: {@link dev.pronto.core.testing.TestClient} runs a
 * server's real codec, routes and handlers over an in-memory channel, with no sockets.
 */
package dev.pronto.core.testing;
