package dev.pronto.core.internal.util;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The encoded {@code Date} header line, formatted at most once a second. Readers on any thread
 * compare the clock's second with the cached one; only the first reader of a new second formats.
 */
public final class DateHeader {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};
    private static volatile Entry current = format(System.currentTimeMillis() / 1000);

    private record Entry(long second, byte[] line, io.netty.util.AsciiString value) {
    }

    private DateHeader() {
    }

    /** {@code Date: <IMF-fixdate>\r\n}, shared; callers must not modify it. */
    public static byte[] line() {
        return entry().line;
    }

    /** The IMF-fixdate alone, for HTTP/2 header blocks. */
    public static io.netty.util.AsciiString value() {
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
    public static String httpDate(long epochSecond) {
        // Formatted by hand: a DateTimeFormatter with day and month names loads the locale data (CLDR
        // providers, resource bundles) on the first response, tens of milliseconds of start-up.
        LocalDateTime t = LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder(29).append(DAYS[t.getDayOfWeek().ordinal()]).append(", ");
        twoDigits(sb, t.getDayOfMonth()).append(' ').append(MONTHS[t.getMonthValue() - 1]).append(' ');
        int year = t.getYear();
        if (year >= 0 && year < 1000) {
            sb.append(year < 10 ? "000" : year < 100 ? "00" : "0");
        }
        sb.append(year).append(' ');
        twoDigits(sb, t.getHour()).append(':');
        twoDigits(sb, t.getMinute()).append(':');
        return twoDigits(sb, t.getSecond()).append(" GMT").toString();
    }

    private static StringBuilder twoDigits(StringBuilder sb, int value) {
        return sb.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    /** The epoch second of an IMF-fixdate, or -1 when {@code value} is not one. */
    public static long parseHttpDate(String value) {
        try {
            return ZonedDateTime.parse(value.trim(), Parser.IMF_FIXDATE).toEpochSecond();
        } catch (java.time.format.DateTimeParseException e) {
            return -1;
        }
    }

    /** Loaded by the first conditional or range request only, for the reason given in {@link #httpDate}. */
    private static final class Parser {
        static final DateTimeFormatter IMF_FIXDATE =
                DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    }
}
