/**
 * Outbound HTTP client benchmarks: a canned-response server and a closed-loop load driver that
 * compares Pronto's client with the JDK's and Vert.x's ({@code jmh/load/client-throughput.sh}).
 */
package dev.pronto.jmh.client;
