package dev.pronto.grpc.internal;

import io.grpc.Context;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What the calls of one registered service share.
 *
 * @param maxInboundMessageSize largest request message, compressed or inflated, in bytes
 * @param scheduler fires deadlines
 * @param executor runs listener callbacks: {@link SerialExecutor#DIRECT} (the event loop) or virtual threads
 * @param root the context every call's own context derives from (it carries the {@link ServerView})
 */
record GrpcRuntime(int maxInboundMessageSize, ScheduledExecutorService scheduler, Executor executor, Context root) {
}
