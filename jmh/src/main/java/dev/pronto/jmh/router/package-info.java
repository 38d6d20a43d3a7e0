/**
 * Benchmarks of the {@code router} module: {@link dev.pronto.jmh.router.RouterFindBenchmark} looks up
 * each request shape of the {@link dev.pronto.jmh.router.Routes} table.
 */
package dev.pronto.jmh.router;
