package dev.pronto.jmh.core;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link PlaintextBenchmark} on JMH's default (plain platform) threads, for comparison: there Netty
 * does not recycle its {@code ChannelOutboundBuffer.Entry} (about 52 B per request with
 * {@code -prof gc}), which no event loop ever pays.
 */
@Fork(value = 2, jvmArgsAppend = {"--sun-misc-unsafe-memory-access=allow", "-Dio.netty.leakDetection.level=disabled"})
public class PlaintextPlatformThreadBenchmark extends PlaintextBenchmark {
}
