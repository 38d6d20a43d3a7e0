/**
 * Hostile clients for {@code jmh/load/hostile.sh}: attack drivers that each reproduce one way a client can
 * try to make the server hold memory, and {@link dev.pronto.jmh.hostile.TeleportProbe}, an ordinary client
 * that checks the server keeps answering meanwhile. Every driver targets only the address it is given and
 * stops by itself.
 */
package dev.pronto.jmh.hostile;
