package dev.pronto.core.internal.form;

import dev.pronto.core.FormFields;
import dev.pronto.core.FormLimits;
import dev.pronto.core.HttpException;
import dev.pronto.core.PayloadTooLargeException;
import dev.pronto.core.internal.util.PercentDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/** Reads an {@code application/x-www-form-urlencoded} body (WHATWG URL §5.1) into a {@link FormFields}, under {@link FormLimits}. */
public final class UrlEncodedForm {
    private UrlEncodedForm() {
    }

    /**
     * The fields of {@code body}, sent with {@code contentType}.
     *
     * @throws HttpException 415 for another content type, 413 past a limit, 400 for a malformed percent-escape
     */
    public static FormFields parse(ByteBuf body, String contentType, FormLimits limits) {
        if (!body.isReadable() && contentType == null) {
            return FormFields.empty();
        }
        String type = contentType == null ? "" : contentType.split(";", 2)[0].trim();
        if (!type.equalsIgnoreCase("application/x-www-form-urlencoded")) {
            throw new HttpException(415, "Expected an application/x-www-form-urlencoded body, got Content-Type '"
                    + (contentType == null ? "(none)" : type) + "'");
        }
        if (body.readableBytes() > limits.maxMemorySize()) {
            throw new PayloadTooLargeException("Form body exceeds " + limits.maxMemorySize() + " bytes (maxMemorySize)");
        }
        byte[] b = ByteBufUtil.getBytes(body, body.readerIndex(), body.readableBytes(), false);
        return fields(b, 0, b.length, limits);
    }

    private static FormFields fields(byte[] b, int from, int to, FormLimits limits) {
        FormFields.Builder form = new FormFields.Builder();
        int count = 0;
        for (int i = from; i < to;) {
            int end = indexOf(b, i, to, (byte) '&');
            if (end > i) {
                if (++count > limits.maxFields()) {
                    throw new PayloadTooLargeException("Form has more than " + limits.maxFields() + " fields (maxFields)");
                }
                int eq = indexOf(b, i, end, (byte) '=');
                if (end - eq - 1 > limits.maxFieldSize()) {
                    throw new PayloadTooLargeException("Form field exceeds " + limits.maxFieldSize() + " bytes (maxFieldSize)");
                }
                String name = PercentDecoder.query(b, i, eq, "form field name");
                form.add(name, eq < end ? PercentDecoder.query(b, eq + 1, end, "form field '" + name + "'") : "");
            }
            i = end + 1;
        }
        return form.build();
    }

    private static int indexOf(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return to;
    }
}
