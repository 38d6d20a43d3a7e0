package dev.pronto.core.internal.exchange;

import io.netty.channel.Channel;
import io.netty.util.concurrent.Ticker;

/**
 * The one owner of a connection's {@code autoRead}. Reading stops while any reason holds and
 * resumes when the last one clears, so no part of the engine can turn reading back on while
 * another still needs it off. It also keeps the connection's reading clock: time minus the time
 * reading was stopped, so the timeouts of what a client sends never count the server's pauses.
 * Event loop only.
 */
public final class ReadGate {
    /** Too many responses are pending (pipelining deeper than {@code maxPendingResponses}). */
    public static final int PIPELINE = 1;
    /** A streamed request body is not being consumed fast enough. */
    public static final int BODY = 2;
    /** The outbound buffer is above its high-water mark: the client is not reading. */
    public static final int OUTBOUND = 4;
    /** Buffered request bodies are over their memory budget (teleport): resumes as they are answered. */
    public static final int MEMORY = 8;
    /** A connection used its share of this event-loop turn (teleport inflating): resumes on a later turn. */
    public static final int TURN = 16;

    private final Channel channel;
    /** What the connection does when reading opens again ({@link #reopen}): decode what it had buffered. */
    private final Runnable resume;
    private int reasons;
    private Ticker ticker;
    /** When reading last stopped, and the time it stayed stopped before, on the event loop's ticker. */
    private long closedAt;
    private long pausedNanos;

    /** A gate whose reopening needs nothing more than reading again (the connection buffers nothing). */
    public ReadGate(Channel channel) {
        this(channel, () -> { });
    }

    /** A gate that runs {@code resume} whenever {@link #reopen} lets reading go on again. */
    public ReadGate(Channel channel, Runnable resume) {
        this.channel = channel;
        this.resume = resume;
    }

    /** Whether {@code reason} currently holds. */
    public boolean holds(int reason) {
        return (reasons & reason) != 0;
    }

    /** Whether reading and decoding must pause. */
    public boolean closed() {
        return reasons != 0;
    }

    /** Stops reading for {@code reason}; returns whether it was newly added. */
    public boolean close(int reason) {
        if ((reasons & reason) != 0) {
            return false;
        }
        if (reasons == 0) {
            closedAt = ticker().nanoTime();
        }
        reasons |= reason;
        channel.config().setAutoRead(false);
        return true;
    }

    /** Clears {@code reason}; returns whether reading is open again because of it. */
    public boolean open(int reason) {
        if ((reasons & reason) == 0) {
            return false;
        }
        reasons &= ~reason;
        if (reasons == 0) {
            pausedNanos += ticker().nanoTime() - closedAt;
            channel.config().setAutoRead(true);
            return true;
        }
        return false;
    }

    /** Clears {@code reason}; when reading is open again because of it, runs the gate's resume action. */
    public void reopen(int reason) {
        if (open(reason)) {
            resume.run();
        }
    }

    /**
     * Follows the channel's writability (from {@code channelWritabilityChanged}): {@link #OUTBOUND} holds while the
     * outbound buffer is above its high-water mark and is {@linkplain #reopen reopened} once it drained.
     *
     * @return whether the channel is writable now
     */
    public boolean followWritability() {
        if (channel.isWritable()) {
            reopen(OUTBOUND);
            return true;
        }
        close(OUTBOUND);
        return false;
    }

    /** Stops reading for {@link #OUTBOUND} when the outbound buffer is above its high-water mark now. */
    public void closeIfUnwritable() {
        if (!channel.isWritable()) {
            close(OUTBOUND);
        }
    }

    /**
     * The reading clock at {@code now} (a time of the event loop's ticker): {@code now} less every
     * pause so far, the current one included. Differences of two readings are time the client could send.
     */
    public long readingTime(long now) {
        return now - pausedNanos - pausedFor(now);
    }

    /** How long reading has been stopped at {@code now}; 0 while it goes on. */
    public long pausedFor(long now) {
        return reasons != 0 ? now - closedAt : 0;
    }

    private Ticker ticker() {
        if (ticker == null) {
            ticker = channel.eventLoop().ticker();
        }
        return ticker;
    }
}
