/** Benchmarks of {@code pronto-auth}: JWT verification per request. */
package dev.pronto.jmh.auth;
