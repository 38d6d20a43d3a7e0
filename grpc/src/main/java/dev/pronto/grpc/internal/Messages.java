package dev.pronto.grpc.internal;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import io.grpc.Drainable;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Message bytes to and from grpc-java marshallers. Outbound, a protobuf message knows its length,
 * so its frame is sized exactly and the message drains straight into it; inbound, the payload is
 * read in place, or through gzip with the size limit applied to the inflated bytes.
 */
final class Messages {
    /** Core copies bodies up to 4 KiB behind the response head; larger ones are written as they are. */
    private static final int COPIED_LIMIT = 4096 - 5;

    private Messages() {
    }

    /**
     * {@code message} as a protobuf message when {@code marshaller} is protobuf's (a
     * {@link MethodDescriptor.PrototypeMarshaller} of a protobuf message, which writes exactly
     * {@code MessageLite.writeTo}'s bytes), so it can be serialized straight into a frame
     * ({@link #writeFrame}): no stream, no intermediate buffer. Else null, and the caller goes
     * through {@link #frame(InputStream, boolean)}.
     */
    static <T> MessageLite protobuf(MethodDescriptor.Marshaller<T> marshaller, T message) {
        if (message instanceof MessageLite m && marshaller instanceof MethodDescriptor.PrototypeMarshaller<T> p
                && p.getMessagePrototype() instanceof MessageLite) {
            return m;
        }
        return null;
    }

    /**
     * The uncompressed frame of {@code m} ({@code length} serialized bytes) in a buffer of its own,
     * which the caller owns. A small frame that core will copy behind its head anyway
     * ({@code copied}) goes in a heap buffer, which protobuf fills through its array encoder,
     * without the NIO views a direct buffer needs.
     */
    static ByteBuf protobufFrame(MessageLite m, int length, boolean copied) throws IOException {
        ByteBuf out = copied && length <= COPIED_LIMIT ? ByteBufAllocator.DEFAULT.heapBuffer(5 + length)
                : ByteBufAllocator.DEFAULT.ioBuffer(5 + length);
        try {
            writeFrame(out, m, length);
            return out;
        } catch (IOException | RuntimeException e) {
            out.release();
            throw e;
        }
    }

    /** Appends the uncompressed frame of {@code m} ({@code length} bytes) to {@code out}, which has the room. */
    static void writeFrame(ByteBuf out, MessageLite m, int length) throws IOException {
        int at = out.writerIndex();
        out.writeByte(0).writeInt(length);
        try {
            CodedOutputStream coded = out.hasArray()
                    ? CodedOutputStream.newInstance(out.array(), out.arrayOffset() + at + 5, length)
                    : CodedOutputStream.newInstance(out.nioBuffer(at + 5, length));
            m.writeTo(coded);
            coded.checkNoSpaceLeft();
        } catch (IOException | RuntimeException e) {
            out.writerIndex(at);
            throw e;
        }
        out.writerIndex(at + 5 + length);
    }

    /** The frame of one message; the caller owns the result. */
    static ByteBuf frame(InputStream message, boolean gzip) throws IOException {
        try (message) {
            if (!gzip && message instanceof KnownLength) {
                int length = message.available();
                ByteBuf out = ByteBufAllocator.DEFAULT.ioBuffer(5 + length);
                out.writeByte(0).writeInt(length);
                copy(message, new ByteBufOutputStream(out));
                if (out.readableBytes() != 5 + length) {
                    out.release();
                    throw new IOException("message length changed while it was written");
                }
                return out;
            }
            ByteBuf out = ByteBufAllocator.DEFAULT.ioBuffer(256);
            out.writerIndex(5);
            OutputStream sink = new ByteBufOutputStream(out);
            if (gzip) {
                try (GZIPOutputStream z = new GZIPOutputStream(sink)) {
                    copy(message, z);
                }
            } else {
                copy(message, sink);
            }
            out.setByte(0, gzip ? 1 : 0).setInt(1, out.readableBytes() - 5);
            return out;
        }
    }

    private static void copy(InputStream in, OutputStream out) throws IOException {
        if (in instanceof Drainable d) {
            d.drainTo(out);
        } else {
            in.transferTo(out);
        }
    }

    /** A stream over {@code payload} (not released here), inflated when {@code gzip}. */
    static InputStream open(ByteBuf payload, boolean gzip, int maxSize) throws IOException {
        if (!gzip) {
            return new Payload(payload);
        }
        return new Limited(new GZIPInputStream(new ByteBufInputStream(payload)), maxSize);
    }

    /** A payload whose length the protobuf parser may read up front. */
    private static final class Payload extends ByteBufInputStream implements KnownLength {
        Payload(ByteBuf buf) {
            super(buf);
        }
    }

    /** Fails with RESOURCE_EXHAUSTED once more than the limit has been inflated (a zip bomb). */
    private static final class Limited extends java.io.FilterInputStream {
        private final int max;
        private long count;

        Limited(InputStream in, int max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) {
            count += n;
            if (count > max) {
                throw Status.RESOURCE_EXHAUSTED
                        .withDescription("Decompressed gRPC message exceeds maximum size " + max)
                        .asRuntimeException();
            }
        }
    }
}
