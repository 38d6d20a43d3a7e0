package dev.pronto.jmh.vertxgrpc;

import dev.pronto.examples.arena.grpc.StreamRequest;
import dev.pronto.examples.arena.grpc.SumReply;
import io.vertx.grpc.common.GrpcWriteStream;

/**
 * StreamSum's replies for the Vert.x baselines: written while the write queue has room, resumed on drain, as
 * grpc-java's {@code SumService} does on onReady. One per call, on the call's event loop.
 */
public final class StreamSumProducer implements Runnable {
    private final GrpcWriteStream<SumReply> out;
    private final int base;
    private final int count;
    private int next;

    /** A producer of {@code req.count} replies on {@code out}. */
    public StreamSumProducer(GrpcWriteStream<SumReply> out, StreamRequest req) {
        this.out = out;
        this.base = req.getA() + req.getB();
        this.count = Math.max(0, req.getCount());
    }

    /** Writes until the queue is full or every reply is out, then ends the stream or waits for a drain. */
    @Override
    public void run() {
        while (next < count && !out.writeQueueFull()) {
            out.write(SumReply.newBuilder().setResult(base + next++).build());
        }
        if (next < count) {
            out.drainHandler(v -> run());
        } else {
            out.end();
        }
    }
}
