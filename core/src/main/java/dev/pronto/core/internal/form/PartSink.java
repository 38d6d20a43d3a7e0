package dev.pronto.core.internal.form;

import io.netty.buffer.ByteBuf;

/** What {@link MultipartParser} finds, in order; event loop only. */
interface PartSink {
    /** A part's header block {@code [from, to)} of {@code headers} (CRLF-separated lines, no blank line). */
    void partStart(ByteBuf headers, int from, int to) throws Exception;

    /** Bytes of the current part; the sink must retain what it keeps (the buffer is released after the call). */
    void partData(ByteBuf data) throws Exception;

    /** The current part ended. */
    void partEnd() throws Exception;
}
