package dev.pronto.core.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Parses HTTP/1.1 responses from accumulated bytes: Content-Length, chunked, or read-to-close. */
final class ResponseReader {
    /** Whether the responses read carry the body their heads frame, or none whatever those say (HEAD's). */
    enum Body {
        /** The body as Content-Length, chunked coding or the end of the stream frames it. */
        FRAMED,
        /** No body: the answer to a HEAD request. */
        NONE;

        /** What the response to a request with {@code method} carries. */
        static Body answering(String method) {
            return "HEAD".equals(method) ? NONE : FRAMED;
        }
    }

    private ResponseReader() {
    }

    /** One response from {@code in} if complete (consuming it), else null; {@code eof} once the stream ended. */
    static TestResponse next(ByteBuf in, Body expected, boolean eof) {
        int start = in.readerIndex();
        int end = headEnd(in);
        if (end < 0) {
            return null;
        }
        String head = in.toString(start, end - start, StandardCharsets.ISO_8859_1);
        String[] lines = head.split("\r\n");
        String[] statusLine = lines[0].split(" ", 3);
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        long length = -1;
        boolean chunked = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = lines[i].substring(0, colon);
            String value = lines[i].substring(colon + 1).trim();
            headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value));
            if (name.equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.equalsIgnoreCase("chunked")) {
                chunked = true;
            }
        }
        int status = Integer.parseInt(statusLine[1]);
        int bodyStart = end + 4;
        byte[] body;
        if (expected == Body.NONE || status < 200 || status == 204 || status == 304) {
            body = new byte[0];
        } else if (chunked) {
            List<Map.Entry<String, String>> trailers = new ArrayList<>();
            body = dechunk(in, bodyStart, trailers);
            if (body == null) {
                return null;
            }
            return new TestResponse(statusLine[0], status, headers, body, trailers);
        } else if (length >= 0) {
            if (in.writerIndex() - bodyStart < length) {
                return null;
            }
            body = ByteBufUtil.getBytes(in, bodyStart, (int) length);
            bodyStart += (int) length;
        } else {
            if (!eof) {
                return null;
            }
            body = ByteBufUtil.getBytes(in, bodyStart, in.writerIndex() - bodyStart);
            bodyStart = in.writerIndex();
        }
        in.readerIndex(bodyStart);
        return new TestResponse(statusLine[0], status, headers, body);
    }

    /** The de-chunked body, or null while incomplete; trailer fields are added to {@code trailers}. */
    private static byte[] dechunk(ByteBuf in, int from, List<Map.Entry<String, String>> trailers) {
        ByteBuf copy = in.alloc().heapBuffer();
        try {
            int i = from;
            while (true) {
                int lf = in.indexOf(i, in.writerIndex(), (byte) '\n');
                if (lf < 0) {
                    return null;
                }
                String sizeLine = in.toString(i, lf - 1 - i, StandardCharsets.US_ASCII);
                int semi = sizeLine.indexOf(';');
                int size = Integer.parseInt(semi < 0 ? sizeLine : sizeLine.substring(0, semi), 16);
                i = lf + 1;
                if (size == 0) {
                    return trailerSection(in, i, trailers) ? ByteBufUtil.getBytes(copy) : null;
                }
                if (in.writerIndex() < i + size + 2) {
                    return null;
                }
                copy.writeBytes(in, i, size);
                i += size + 2;
            }
        } finally {
            copy.release();
        }
    }

    /** Reads trailer lines up to the empty line; false (and nothing kept) while incomplete. */
    private static boolean trailerSection(ByteBuf in, int from, List<Map.Entry<String, String>> trailers) {
        List<Map.Entry<String, String>> found = new ArrayList<>();
        int i = from;
        while (true) {
            int lf = in.indexOf(i, in.writerIndex(), (byte) '\n');
            if (lf < 0) {
                return false;
            }
            String line = in.toString(i, lf - 1 - i, StandardCharsets.ISO_8859_1);
            i = lf + 1;
            if (line.isEmpty()) {
                in.readerIndex(i);
                trailers.addAll(found);
                return true;
            }
            int colon = line.indexOf(':');
            found.add(new AbstractMap.SimpleImmutableEntry<>(line.substring(0, colon), line.substring(colon + 1).trim()));
        }
    }

    private static int headEnd(ByteBuf in) {
        for (int i = in.readerIndex(); i + 3 < in.writerIndex(); i++) {
            if (in.getByte(i) == '\r' && in.getByte(i + 1) == '\n' && in.getByte(i + 2) == '\r'
                    && in.getByte(i + 3) == '\n') {
                return i;
            }
        }
        return -1;
    }
}
