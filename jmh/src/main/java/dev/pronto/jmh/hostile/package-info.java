/**
 * Attack drivers for the hardening checks: small standalone clients that reproduce one hostile
 * behaviour against a server on the loopback interface, stop by themselves and print what the
 * server did. Run with {@code java -cp jmh/target/benchmarks.jar <class> host port ...}.
 */
package dev.pronto.jmh.hostile;
