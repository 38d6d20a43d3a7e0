/**
 * Teleport load: {@link dev.pronto.jmh.teleport.TeleportBenchServer} serves HttpArena's
 * {@code /baseline11} and {@code /json/{n}} over HTTP/1.1 and teleport, and
 * {@link dev.pronto.jmh.teleport.TeleportLoad} drives them with the teleport client or the pipelined
 * HTTP/1.1 client, counting bytes on the socket (run by {@code jmh/load/teleport.sh}).
 */
package dev.pronto.jmh.teleport;
