package dev.pronto.grpc.internal;

import dev.pronto.grpc.GrpcConfig;
import io.grpc.Context;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What the calls of one registered service share.
 *
 * @param config the plugin's limits
 * @param scheduler fires deadlines
 * @param executor runs listener callbacks: {@link SerialExecutor#DIRECT} (the event loop) or virtual threads
 * @param root the context every call's own context derives from (it carries the {@link ServerView})
 */
record GrpcRuntime(GrpcConfig config, ScheduledExecutorService scheduler, Executor executor, Context root) {
    /** The largest request message, compressed or inflated, in bytes. */
    int maxInboundMessageSize() {
        return config.maxInboundMessageSize();
    }
}
