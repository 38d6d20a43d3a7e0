package dev.pronto.core.internal;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The encoded {@code Date} header line, formatted at most once a second. Readers on any thread
 * compare the clock's second with the cached one; only the first reader of a new second formats.
 */
final class DateHeader {
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    private static volatile Entry current = format(System.currentTimeMillis() / 1000);

    private record Entry(long second, byte[] line, io.netty.util.AsciiString value) {
    }

    private DateHeader() {
    }

    /** {@code Date: <IMF-fixdate>\r\n}, shared; callers must not modify it. */
    static byte[] line() {
        return entry().line;
    }

    /** The IMF-fixdate alone, for HTTP/2 header blocks. */
    static io.netty.util.AsciiString value() {
        return entry().value;
    }

    private static Entry entry() {
        long second = System.currentTimeMillis() / 1000;
        Entry e = current;
        if (e.second != second) {
            e = format(second);
            current = e;
        }
        return e;
    }

    private static Entry format(long second) {
        String date = httpDate(second);
        return new Entry(second, ("Date: " + date + "\r\n").getBytes(StandardCharsets.US_ASCII),
                new io.netty.util.AsciiString(date));
    }

    /** {@code epochSecond} as an IMF-fixdate, the format of every HTTP date header. */
    static String httpDate(long epochSecond) {
        return IMF_FIXDATE.format(ZonedDateTime.ofInstant(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    /** The epoch second of an IMF-fixdate, or -1 when {@code value} is not one. */
    static long parseHttpDate(String value) {
        try {
            return ZonedDateTime.parse(value.trim(), IMF_FIXDATE.withZone(ZoneOffset.UTC)).toEpochSecond();
        } catch (java.time.format.DateTimeParseException e) {
            return -1;
        }
    }
}
