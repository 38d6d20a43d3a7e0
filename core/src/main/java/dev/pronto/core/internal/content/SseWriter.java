package dev.pronto.core.internal.content;

import dev.pronto.core.BodyWriter;
import dev.pronto.core.EventStream;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/** Formats events onto a streamed body: one write (one chunk or DATA frame) per event. */
public final class SseWriter implements EventStream {
    private final BodyWriter body;
    private final String lastEventId;

    public SseWriter(BodyWriter body, String lastEventId) {
        this.body = body;
        this.lastEventId = lastEventId;
    }

    @Override
    public CompletionStage<Void> event(String name, String data, String id) {
        StringBuilder sb = new StringBuilder(32 + (data == null ? 0 : data.length()));
        if (name != null) {
            sb.append("event: ").append(field(name, "event name")).append('\n');
        }
        lines(sb, "data: ", data == null ? "" : data);
        if (id != null) {
            if (id.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("event id must not contain NUL");
            }
            sb.append("id: ").append(field(id, "event id")).append('\n');
        }
        return body.write(sb.append('\n'));
    }

    @Override
    public CompletionStage<Void> data(String data) {
        return event(null, data, null);
    }

    @Override
    public CompletionStage<Void> comment(String text) {
        StringBuilder sb = new StringBuilder(8 + text.length());
        lines(sb, ": ", text);
        return body.write(sb.append('\n'));
    }

    @Override
    public CompletionStage<Void> retry(Duration delay) {
        return body.write("retry: " + delay.toMillis() + "\n\n");
    }

    @Override
    public String lastEventId() {
        return lastEventId;
    }

    @Override
    public CompletionStage<Void> close() {
        return body.end();
    }

    /** One prefixed line per line of {@code text}; CRLF, CR and LF all end a line in the format. */
    private static void lines(StringBuilder sb, String prefix, String text) {
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n') {
                sb.append(prefix).append(text, start, i).append('\n');
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        sb.append(prefix).append(text, start, text.length()).append('\n');
    }

    private static String field(String value, String what) {
        if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException(what + " must not contain CR or LF");
        }
        return value;
    }
}
